/** Business constants from calls-errors-constants.md §9 that more than one package reads. */
export const CURRENCY = 'AUD';
export const LOCALE = 'en-AU';
export const TEXTAREA_MAX = 5000;
export const VERIFICATION_EMAILS_PER_DAY = 5;
export const COOKIE_CONSENT_DAYS = 3650;
/**
 * A cookie script may read, set beside the httpOnly refresh cookie with the same lifetime and
 * cleared with it: its presence says a session may exist, so an anonymous page need not ask the
 * API (and get a 401) to learn there is none. It holds no secret (ADR 057).
 */
export const SESSION_MARKER_COOKIE = 'caskade_session';
export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_DESKTOP = 1024;

export const CATEGORIES = [
  'beer', 'cider', 'low-alcohol', 'mixer', 'rtd', 'spirit', 'wellness', 'wine', 'zero-alcohol',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = {
  beer: 'Beer', cider: 'Cider', 'low-alcohol': 'Low alcohol', mixer: 'Mixer', rtd: 'RTD',
  spirit: 'Spirit', wellness: 'Wellness', wine: 'Wine', 'zero-alcohol': 'Zero alcohol',
};

export const ROLES = ['buyer', 'supplier', 'operator'] as const;
export type Role = (typeof ROLES)[number];
export const LIMITED_SCOPE = 'user:limited';
/** The `meta.reason` every service gives when it refuses a limited-access login with `forbidden` (the web words it). */
export const LIMITED_ACCESS_REASON = 'limited-access';

/** Australian states and territories (addresses, listing visibility, delivery areas). */
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuState = (typeof AU_STATES)[number];

/**
 * The largest value an int32 proto field carries. Every integer the gateway accepts is bounded at
 * or below it: a larger one would make the gRPC encoder throw (an INTERNAL error, a 500).
 */
export const MAX_INT32 = 2_147_483_647;

/** The most items any list call returns in one page. */
export const MAX_PAGE_SIZE = 100;

/**
 * Caskade itself as a supplier: the platform fee is Caskade's taxable supply to each supplier, on
 * its own tax invoice (docs/decisions/045). A demo name and ABN (the ABN passes the ATO's check
 * digits but belongs to no one); the operating company's real ones replace them before launch.
 */
export const CASKADE_LEGAL_NAME = 'Caskade Marketplace Pty Ltd (demo)';
export const CASKADE_ABN = '12345600360';
