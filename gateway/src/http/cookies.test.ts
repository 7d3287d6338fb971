import type { AddressInfo } from 'node:net';
import express from 'express';
import { SESSION_MARKER_COOKIE } from '@caskade/kit';
import { clearSessionCookies, setSessionCookies } from './cookies';

/** The Set-Cookie lines a route answers, by cookie name. */
async function cookiesFrom(handler: express.RequestHandler): Promise<Record<string, string>> {
  const server = express().get('/', handler).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return Object.fromEntries(res.headers.getSetCookie().map((line) => [line.split('=')[0] ?? '', line]));
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('session cookies', () => {
  const now = Date.now();
  const session = { accessToken: 'access-token', accessExpiresAtMs: now + 15 * 60_000, refreshToken: 'refresh-token', refreshExpiresAtMs: now + 30 * 86_400_000 };

  test('the session marker goes beside the refresh cookie: readable by script, no secret in it, the same lifetime', async () => {
    const set = await cookiesFrom((_req, res) => {
      setSessionCookies(res, session, true);
      res.end();
    });
    expect(set['caskade_at']).toMatch(/HttpOnly/i);
    expect(set['caskade_rt']).toMatch(/HttpOnly/i);
    const marker = set[SESSION_MARKER_COOKIE] ?? '';
    expect(marker).toMatch(new RegExp(`^${SESSION_MARKER_COOKIE}=1;`));
    expect(marker).not.toMatch(/HttpOnly/i);
    expect(marker).not.toContain('refresh-token');
    expect(marker).not.toContain('access-token');
    expect(marker).toMatch(/Path=\//);
    expect(marker).toMatch(/Secure/);
    expect(marker).toMatch(/SameSite=Lax/i);
    const maxAge = (line: string | undefined) => Number(/Max-Age=(\d+)/.exec(line ?? '')?.[1]);
    expect(maxAge(marker)).toBe(maxAge(set['caskade_rt']));
  });

  test('an access token alone (no new refresh token) leaves the marker as it is', async () => {
    const set = await cookiesFrom((_req, res) => {
      setSessionCookies(res, { ...session, refreshToken: '' }, false);
      res.end();
    });
    expect(Object.keys(set)).toEqual(['caskade_at']);
  });

  test('ending the session clears the marker with the tokens', async () => {
    const set = await cookiesFrom((_req, res) => {
      clearSessionCookies(res, false);
      res.end();
    });
    for (const name of ['caskade_at', 'caskade_rt', SESSION_MARKER_COOKIE]) expect(set[name]).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
