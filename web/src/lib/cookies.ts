/** The Cookie header of the request a server render is for (ADR 062), during that render only. */
let serverCookies: string | null = null;

/**
 * Runs a synchronous server render with the request's cookies readable by `readCookie` (the cookie
 * notice, for one, is not drawn for a visitor who has accepted it). Renders never interleave: each
 * one is a single synchronous call.
 */
export function renderingWithCookies<T>(cookieHeader: string, render: () => T): T {
  serverCookies = cookieHeader;
  try {
    return render();
  } finally {
    serverCookies = null;
  }
}

export function readCookie(name: string): string | null {
  // On the server: the request's cookies while a page is rendered, none otherwise.
  const source = typeof document === 'undefined' ? (serverCookies ?? '') : document.cookie;
  for (const part of source.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeCookie(name: string, value: string, days: number): void {
  const maxAge = Math.round(days * 24 * 60 * 60);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}
