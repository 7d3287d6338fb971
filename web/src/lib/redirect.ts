import { ROUTE_PATHS, type Role } from '@caskade/kit/rules';

/**
 * Where an unauthenticated visitor wanted to go. Protected routes send them to sign-up (the spec's
 * default reading) with this state; login and sign-up return them there afterwards.
 */
export interface RedirectTarget {
  pathname: string;
  search: string;
  hash: string;
}
export interface AuthRedirectState {
  from: RedirectTarget;
}

/** Pages that must never be the return target, or the visitor would bounce between them. */
const AUTH_PAGES = ['/login', '/signup/buyer', '/signup/supplier', '/recover-password', '/reset-password'];

export function authRedirectState(location: RedirectTarget): AuthRedirectState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** The return path stored in router state, or null when absent, malformed or not a safe local path. */
export function readRedirectTarget(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  const from = (state as { from?: unknown }).from;
  if (from === null || typeof from !== 'object') return null;
  const { pathname, search, hash } = from as Partial<Record<keyof RedirectTarget, unknown>>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  if (pathname.includes('\\') || AUTH_PAGES.includes(pathname)) return null;
  const query = typeof search === 'string' && search.startsWith('?') ? search : '';
  const fragment = typeof hash === 'string' && hash.startsWith('#') ? hash : '';
  return `${pathname}${query}${fragment}`;
}

/**
 * Where a signed-in account lands when it did not ask for a page: a supplier works from its
 * listings, an operator from its order queue, a buyer from the marketplace's landing page.
 */
export function homePathFor(role: Role | undefined): string {
  if (role === 'supplier') return ROUTE_PATHS.ManageListingsPage;
  if (role === 'operator') return ROUTE_PATHS.OperatorOrdersPage;
  return ROUTE_PATHS.LandingPage;
}
