/** Business constants from calls-errors-constants.md §9 that more than one package reads. */
export const CURRENCY = 'AUD';
export const LOCALE = 'en-AU';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const COMPANY_NAME_MAX = 100;
export const TEXTAREA_MAX = 5000;
export const VERIFICATION_EMAILS_PER_DAY = 5;
export const COOKIE_CONSENT_DAYS = 3650;
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

export const USER_TYPES = ['buyer', 'supplier'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const ROLES = ['buyer', 'supplier', 'operator'] as const;
export type Role = (typeof ROLES)[number];
export const LIMITED_SCOPE = 'user:limited';
