import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken, type AccessClaims } from './jwt';

const SECRET = 'test-secret-0123456789abcdef0123456789';
const OTHER_SECRET = 'another-secret-0123456789abcdef01234';
const ISSUER = 'caskade-identity';
const AUDIENCE = 'caskade';

const claims: AccessClaims = { sub: 'user-123', role: 'supplier', scopes: ['listings:write', 'orders:read'], sessionVersion: 3 };

/** A token signed the way identity signs, but with any payload and options (defaults: valid ones). */
function craft(payload: Record<string, unknown>, options: jwt.SignOptions = {}, secret: jwt.Secret = SECRET): string {
  // An option given as undefined means "leave that claim out" (jsonwebtoken refuses undefined options).
  const merged: jwt.SignOptions = { algorithm: 'HS256', subject: 'user-123', issuer: ISSUER, audience: AUDIENCE, expiresIn: 60, ...options };
  const defined = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as jwt.SignOptions;
  return jwt.sign(payload, secret, defined);
}

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('signAccessToken / verifyAccessToken', () => {
  afterEach(() => jest.useRealTimers());

  test('round-trips sub, role, scopes and the session version', () => {
    const { token } = signAccessToken(claims, SECRET);
    expect(verifyAccessToken(token, SECRET)).toEqual({ userId: 'user-123', role: 'supplier', scopes: ['listings:write', 'orders:read'], sessionVersion: 3 });
  });

  test.each(['buyer', 'supplier', 'operator'] as const)('round-trips role %s with no scopes', (role) => {
    const { token } = signAccessToken({ sub: `u-${role}`, role, scopes: [], sessionVersion: 0 }, SECRET);
    expect(verifyAccessToken(token, SECRET)).toEqual({ userId: `u-${role}`, role, scopes: [], sessionVersion: 0 });
  });

  test('signs HS256 with the identity issuer, the caskade audience and the default 15-minute lifetime', () => {
    const before = Date.now();
    const { token, expiresAtMs } = signAccessToken(claims, SECRET);
    const decoded = jwt.decode(token, { complete: true });
    expect(decoded?.header.alg).toBe('HS256');
    const payload = decoded?.payload;
    if (!payload || typeof payload === 'string') throw new Error('expected an object payload');
    expect(payload).toMatchObject({ sub: 'user-123', iss: ISSUER, aud: AUDIENCE, role: 'supplier', sv: 3 });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(expiresAtMs).toBeGreaterThanOrEqual(before + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(expiresAtMs).toBeLessThanOrEqual(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  });

  test('a token signed with another secret is refused', () => {
    const { token } = signAccessToken(claims, OTHER_SECRET);
    expect(verifyAccessToken(token, SECRET)).toBeNull();
    expect(verifyAccessToken(craft({ role: 'buyer', scopes: [] }, {}, OTHER_SECRET), SECRET)).toBeNull();
  });

  test('a token is valid until its ttl passes, then refused', () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const { token, expiresAtMs } = signAccessToken(claims, SECRET, 30);
    expect(expiresAtMs).toBe(Date.parse('2030-01-01T00:00:30Z'));
    jest.setSystemTime(new Date('2030-01-01T00:00:29Z'));
    expect(verifyAccessToken(token, SECRET)).not.toBeNull();
    jest.setSystemTime(new Date('2030-01-01T00:00:31Z'));
    expect(verifyAccessToken(token, SECRET)).toBeNull();
  });

  test('an already-expired token is refused', () => {
    expect(verifyAccessToken(craft({ role: 'buyer', scopes: [], exp: Math.floor(Date.now() / 1000) - 10 }, { expiresIn: undefined }), SECRET)).toBeNull();
  });

  test('a tampered payload is refused (signature kept)', () => {
    const { token } = signAccessToken({ sub: 'user-123', role: 'buyer', scopes: [], sessionVersion: 0 }, SECRET);
    const [header, payload, signature] = token.split('.');
    const original = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${header}.${b64url({ ...original, role: 'operator', scopes: ['admin'] })}.${signature}`;
    expect(verifyAccessToken(forged, SECRET)).toBeNull();
    // Same payload, flipped signature byte.
    const sig = signature ?? '';
    const flipped = `${header}.${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(verifyAccessToken(flipped, SECRET)).toBeNull();
  });

  test('an unsigned token (alg none) is refused', () => {
    const now = Math.floor(Date.now() / 1000);
    const body = { sub: 'user-123', role: 'operator', scopes: [], iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 60 };
    expect(verifyAccessToken(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(body)}.`, SECRET)).toBeNull();
    expect(verifyAccessToken(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(body)}`, SECRET)).toBeNull();
  });

  test.each(['HS384', 'HS512'] as const)('a token signed with the right secret but %s is refused', (algorithm) => {
    const token = craft({ role: 'buyer', scopes: [] }, { algorithm });
    expect(jwt.verify(token, SECRET)).toMatchObject({ sub: 'user-123', role: 'buyer' }); // a genuinely valid token, just another algorithm
    expect(verifyAccessToken(token, SECRET)).toBeNull();
  });

  test('an RS256 token is refused', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(verifyAccessToken(craft({ role: 'buyer', scopes: [] }, { algorithm: 'RS256' }, privateKey), SECRET)).toBeNull();
  });

  test('a crafted token with every expected claim is accepted (the crafting helper is sound)', () => {
    expect(verifyAccessToken(craft({ role: 'buyer', scopes: ['a'], sv: 1 }), SECRET)).toEqual({ userId: 'user-123', role: 'buyer', scopes: ['a'], sessionVersion: 1 });
  });

  test.each([
    ['a wrong issuer', { issuer: 'someone-else' }],
    ['no issuer', { issuer: undefined }],
    ['a wrong audience', { audience: 'other-app' }],
    ['no audience', { audience: undefined }],
    ['no subject', { subject: undefined }],
    ['no expiry (exp)', { expiresIn: undefined }],
  ] as const)('a token with %s is refused', (_label, options) => {
    expect(verifyAccessToken(craft({ role: 'buyer', scopes: [], sv: 0 }, options), SECRET)).toBeNull();
  });

  test('a token without iat is refused', () => {
    expect(verifyAccessToken(craft({ role: 'buyer', scopes: [], sv: 0 }, { noTimestamp: true }), SECRET)).toBeNull();
    expect(verifyAccessToken(craft({ role: 'buyer', scopes: [], sv: 0 }), SECRET)).toMatchObject({ userId: 'user-123' });
  });

  test('a token not yet valid (nbf in the future) is refused', () => {
    expect(verifyAccessToken(craft({ role: 'buyer', scopes: [] }, { notBefore: 300 }), SECRET)).toBeNull();
  });

  test.each([
    ['a role not in ROLES', { role: 'admin', scopes: [] }],
    ['a role in the wrong case', { role: 'Operator', scopes: [] }],
    ['a non-string role', { role: 1, scopes: [] }],
    ['no role', { scopes: [] }],
    ['non-string scopes', { role: 'buyer', scopes: ['ok', 1] }],
    ['object scopes', { role: 'buyer', scopes: [{ s: 'x' }] }],
    ['null in scopes', { role: 'buyer', scopes: [null] }],
    ['scopes as a string', { role: 'buyer', scopes: 'a b' }],
    ['no scopes', { role: 'buyer' }],
    ['no session version', { role: 'buyer', scopes: [] }],
    ['a negative session version', { role: 'buyer', scopes: [], sv: -1 }],
    ['a fractional session version', { role: 'buyer', scopes: [], sv: 1.5 }],
    ['a string session version', { role: 'buyer', scopes: [], sv: '1' }],
  ] as const)('a correctly signed token with %s is refused', (_label, payload) => {
    expect(verifyAccessToken(craft({ ...payload }), SECRET)).toBeNull();
  });

  test('a non-string subject is refused', () => {
    // jsonwebtoken refuses a non-string `subject` option, so put it in the payload.
    expect(verifyAccessToken(craft({ sub: 42, role: 'buyer', scopes: [] }, { subject: undefined }), SECRET)).toBeNull();
  });

  test.each(['', 'garbage', 'a.b.c', 'a.b', `${b64url({ alg: 'HS256' })}.!!!.sig`])('malformed token %p verifies to null', (token) => {
    expect(verifyAccessToken(token, SECRET)).toBeNull();
  });
});
