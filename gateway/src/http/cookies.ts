import type { CookieOptions, Response } from 'express';
import type { identity } from '@caskade/proto';
import { SESSION_MARKER_COOKIE } from '@caskade/kit';

export const ACCESS_COOKIE = 'caskade_at';
export const REFRESH_COOKIE = 'caskade_rt';
const REFRESH_PATH = '/api/auth';

const base = (secure: boolean): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure });

/** Tokens live only in httpOnly cookies: script on the page can never read them. */
export function setSessionCookies(res: Response, session: identity.Session, secure: boolean): void {
  const now = Date.now();
  res.cookie(ACCESS_COOKIE, session.accessToken, { ...base(secure), path: '/', maxAge: Math.max(0, session.accessExpiresAtMs - now) });
  if (session.refreshToken) {
    const maxAge = Math.max(0, session.refreshExpiresAtMs - now);
    res.cookie(REFRESH_COOKIE, session.refreshToken, { ...base(secure), path: REFRESH_PATH, maxAge });
    // Readable by the page: "a session may exist" (never the session itself), so anonymous visitors skip the API.
    res.cookie(SESSION_MARKER_COOKIE, '1', { ...base(secure), httpOnly: false, path: '/', maxAge });
  }
}

export function clearSessionCookies(res: Response, secure: boolean): void {
  res.clearCookie(ACCESS_COOKIE, { ...base(secure), path: '/' });
  res.clearCookie(REFRESH_COOKIE, { ...base(secure), path: REFRESH_PATH });
  res.clearCookie(SESSION_MARKER_COOKIE, { ...base(secure), httpOnly: false, path: '/' });
}
