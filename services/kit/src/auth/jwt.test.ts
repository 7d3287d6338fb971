import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { decodeProtectedHeader, SignJWT, type JWTPayload } from 'jose';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokenVerifier, signAccessToken, verifyAccessToken, type AccessClaims } from './jwt';
import { generateSigningKey, publicKeysFromJwks, jwksJson, type SigningKey } from './keys';

const ISSUER = 'caskade-identity';
const AUDIENCE = 'caskade';

const current = generateSigningKey('access-2026-11');
const previous = generateSigningKey('access-2026-10');
const stranger = generateSigningKey('access-2026-11'); // the same kid, another key: a forger's
const KEYS = publicKeysFromJwks(jwksJson([current.publicJwk]));
const SIGNER: SigningKey = current.signing;

const claims: AccessClaims = { sub: 'user-123', role: 'supplier', scopes: ['listings:write', 'orders:read'], sessionVersion: 3 };

interface Craft {
  header?: Record<string, unknown>;
  key?: KeyObject;
  issuer?: string | null;
  audience?: string | null;
  subject?: string | null;
  exp?: number | null;
  iat?: number | null;
}

/** A token signed the way identity signs, with any payload and header (defaults: valid ones); null leaves a claim out. */
function craft(payload: JWTPayload, opts: Craft = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const body: JWTPayload = { ...payload };
  if (opts.subject !== null) body.sub ??= opts.subject ?? 'user-123';
  if (opts.issuer !== null) body.iss = opts.issuer ?? ISSUER;
  if (opts.audience !== null) body.aud = opts.audience ?? AUDIENCE;
  if (opts.iat !== null) body.iat = opts.iat ?? now;
  if (opts.exp !== null) body.exp = opts.exp ?? now + 60;
  return new SignJWT(body).setProtectedHeader({ alg: 'EdDSA', kid: SIGNER.kid, typ: 'JWT', ...opts.header }).sign(opts.key ?? SIGNER.key);
}

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('signAccessToken / verifyAccessToken (EdDSA, kid, rotation)', () => {
  afterEach(() => jest.useRealTimers());

  test('round-trips sub, role, scopes and the session version', async () => {
    const { token } = await signAccessToken(claims, SIGNER);
    expect(await verifyAccessToken(token, KEYS)).toEqual({ userId: 'user-123', role: 'supplier', scopes: ['listings:write', 'orders:read'], sessionVersion: 3 });
  });

  test.each(['buyer', 'supplier', 'operator'] as const)('round-trips role %s with no scopes', async (role) => {
    const { token } = await signAccessToken({ sub: `u-${role}`, role, scopes: [], sessionVersion: 0 }, SIGNER);
    expect(await verifyAccessToken(token, KEYS)).toEqual({ userId: `u-${role}`, role, scopes: [], sessionVersion: 0 });
  });

  test('signs EdDSA with the key id, the identity issuer, the caskade audience and the default 15-minute lifetime', async () => {
    const before = Date.now();
    const { token, expiresAtMs } = await signAccessToken(claims, SIGNER);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', kid: 'access-2026-11', typ: 'JWT' });
    const payload = jwt.decode(token);
    if (!payload || typeof payload === 'string') throw new Error('expected an object payload');
    expect(payload).toMatchObject({ sub: 'user-123', iss: ISSUER, aud: AUDIENCE, role: 'supplier', sv: 3 });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(expiresAtMs).toBeGreaterThanOrEqual(before + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(expiresAtMs).toBeLessThanOrEqual(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  });

  test('a token signed by another key is refused, also under a known kid', async () => {
    const { token } = await signAccessToken(claims, stranger.signing);
    expect(decodeProtectedHeader(token).kid).toBe('access-2026-11');
    expect(await verifyAccessToken(token, KEYS)).toBeNull();
    expect(await verifyAccessToken((await signAccessToken(claims, previous.signing)).token, KEYS)).toBeNull();
  });

  test('rotation: the new key signs, the old one verifies until it is removed', async () => {
    const oldToken = (await signAccessToken(claims, previous.signing)).token;
    const newToken = (await signAccessToken(claims, SIGNER)).token;
    const during = publicKeysFromJwks(jwksJson([current.publicJwk, previous.publicJwk]));
    expect(await verifyAccessToken(oldToken, during)).toMatchObject({ userId: 'user-123' });
    expect(await verifyAccessToken(newToken, during)).toMatchObject({ userId: 'user-123' });
    const after = publicKeysFromJwks(jwksJson([current.publicJwk]));
    expect(await verifyAccessToken(oldToken, after)).toBeNull();
    expect(await verifyAccessToken(newToken, after)).toMatchObject({ userId: 'user-123' });
  });

  test('a token without a kid, or with an unknown one, is refused', async () => {
    const { kid: _kid, ...noKid } = { alg: 'EdDSA', kid: undefined };
    expect(await verifyAccessToken(await new SignJWT({ role: 'buyer', scopes: [], sv: 0, sub: 'u', iss: ISSUER, aud: AUDIENCE, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 60 }).setProtectedHeader(noKid).sign(SIGNER.key), KEYS)).toBeNull();
    expect(await verifyAccessToken(await craft({ role: 'buyer', scopes: [], sv: 0 }, { header: { kid: 'access-1999' } }), KEYS)).toBeNull();
  });

  test('a token is valid until its ttl passes, then refused', async () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const { token, expiresAtMs } = await signAccessToken(claims, SIGNER, 30);
    expect(expiresAtMs).toBe(Date.parse('2030-01-01T00:00:30Z'));
    jest.setSystemTime(new Date('2030-01-01T00:00:29Z'));
    expect(await verifyAccessToken(token, KEYS)).not.toBeNull();
    jest.setSystemTime(new Date('2030-01-01T00:00:31Z'));
    expect(await verifyAccessToken(token, KEYS)).toBeNull();
  });

  test('the caching verifier also refuses a token once it expired', async () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const verifier = new AccessTokenVerifier(KEYS);
    const { token } = await signAccessToken(claims, SIGNER, 30);
    expect(await verifier.verify(token)).toMatchObject({ userId: 'user-123' });
    expect(await verifier.verify(token)).toMatchObject({ userId: 'user-123' }); // from the cache
    jest.setSystemTime(new Date('2030-01-01T00:00:31Z'));
    expect(await verifier.verify(token)).toBeNull();
  });

  test('an already-expired token is refused', async () => {
    expect(await verifyAccessToken(await craft({ role: 'buyer', scopes: [], sv: 0 }, { exp: Math.floor(Date.now() / 1000) - 10 }), KEYS)).toBeNull();
  });

  test('a tampered payload is refused (signature kept)', async () => {
    const { token } = await signAccessToken({ sub: 'user-123', role: 'buyer', scopes: [], sessionVersion: 0 }, SIGNER);
    const [header, payload, signature] = token.split('.');
    const original = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${header}.${b64url({ ...original, role: 'operator', scopes: ['admin'] })}.${signature}`;
    expect(await verifyAccessToken(forged, KEYS)).toBeNull();
    const sig = signature ?? '';
    const flipped = `${header}.${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(flipped, KEYS)).toBeNull();
  });

  test('an unsigned token (alg none) is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = { sub: 'user-123', role: 'operator', scopes: [], sv: 0, iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 60 };
    expect(await verifyAccessToken(`${b64url({ alg: 'none', typ: 'JWT', kid: SIGNER.kid })}.${b64url(body)}.`, KEYS)).toBeNull();
    expect(await verifyAccessToken(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(body)}`, KEYS)).toBeNull();
  });

  test('HS256 keyed with the public key (algorithm confusion) and any other HMAC is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = { sub: 'user-123', role: 'operator', scopes: [], sv: 0, iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 60 };
    const publicPem = createPublicKey(SIGNER.key).export({ format: 'pem', type: 'spki' }).toString();
    for (const secret of [publicPem, current.publicJwk.x, 'x'.repeat(48)]) {
      for (const algorithm of ['HS256', 'HS512'] as const) {
        expect(await verifyAccessToken(jwt.sign(body, secret, { algorithm, keyid: SIGNER.kid }), KEYS)).toBeNull();
      }
    }
  });

  test.each([
    ['RS256', () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey],
    ['ES256', () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey],
  ] as const)('an %s token is refused', async (algorithm, key) => {
    const now = Math.floor(Date.now() / 1000);
    const body = { sub: 'user-123', role: 'buyer', scopes: [], sv: 0, iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 60 };
    expect(await verifyAccessToken(jwt.sign(body, key(), { algorithm, keyid: SIGNER.kid }), KEYS)).toBeNull();
  });

  test('a crafted token with every expected claim is accepted (the crafting helper is sound)', async () => {
    expect(await verifyAccessToken(await craft({ role: 'buyer', scopes: ['a'], sv: 1 }), KEYS)).toEqual({ userId: 'user-123', role: 'buyer', scopes: ['a'], sessionVersion: 1 });
  });

  test.each([
    ['a wrong issuer', { issuer: 'someone-else' }],
    ['no issuer', { issuer: null }],
    ['a wrong audience', { audience: 'other-app' }],
    ['no audience', { audience: null }],
    ['no subject', { subject: null }],
    ['no expiry (exp)', { exp: null }],
    ['no issued-at (iat)', { iat: null }],
  ] as const)('a token with %s is refused', async (_label, opts) => {
    expect(await verifyAccessToken(await craft({ role: 'buyer', scopes: [], sv: 0 }, opts), KEYS)).toBeNull();
  });

  test('a token not yet valid (nbf in the future) is refused', async () => {
    expect(await verifyAccessToken(await craft({ role: 'buyer', scopes: [], sv: 0, nbf: Math.floor(Date.now() / 1000) + 300 }), KEYS)).toBeNull();
  });

  test.each([
    ['a role not in ROLES', { role: 'admin', scopes: [], sv: 0 }],
    ['a role in the wrong case', { role: 'Operator', scopes: [], sv: 0 }],
    ['a non-string role', { role: 1, scopes: [], sv: 0 }],
    ['no role', { scopes: [], sv: 0 }],
    ['non-string scopes', { role: 'buyer', scopes: ['ok', 1], sv: 0 }],
    ['object scopes', { role: 'buyer', scopes: [{ s: 'x' }], sv: 0 }],
    ['null in scopes', { role: 'buyer', scopes: [null], sv: 0 }],
    ['scopes as a string', { role: 'buyer', scopes: 'a b', sv: 0 }],
    ['no scopes', { role: 'buyer', sv: 0 }],
    ['no session version', { role: 'buyer', scopes: [] }],
    ['a negative session version', { role: 'buyer', scopes: [], sv: -1 }],
    ['a fractional session version', { role: 'buyer', scopes: [], sv: 1.5 }],
    ['a string session version', { role: 'buyer', scopes: [], sv: '1' }],
    ['a non-string subject', { sub: 42, role: 'buyer', scopes: [], sv: 0 }],
  ] as const)('a correctly signed token with %s is refused', async (_label, payload) => {
    expect(await verifyAccessToken(await craft({ ...payload } as JWTPayload), KEYS)).toBeNull();
  });

  test.each(['', 'garbage', 'a.b.c', 'a.b', `${b64url({ alg: 'EdDSA', kid: 'access-2026-11' })}.!!!.sig`])('malformed token %p verifies to null', async (token) => {
    expect(await verifyAccessToken(token, KEYS)).toBeNull();
  });
});

describe('key sets', () => {
  test('a verifier refuses a private key in its public set, a duplicate kid, or a non-Ed25519 key', () => {
    const { privateJwk, publicJwk } = { privateJwk: { ...current.publicJwk, d: 'AAAA' }, publicJwk: current.publicJwk };
    expect(() => publicKeysFromJwks(JSON.stringify({ keys: [privateJwk] }))).toThrow(/private key/);
    expect(() => publicKeysFromJwks(JSON.stringify({ keys: [publicJwk, publicJwk] }))).toThrow(/twice/);
    expect(() => publicKeysFromJwks(JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', kid: 'a', x: 'x', y: 'y' }] }))).toThrow(/Ed25519/);
    expect(() => publicKeysFromJwks('{"keys":[]}')).toThrow(/at least one/);
    expect(() => publicKeysFromJwks('not json')).toThrow(/JSON/);
  });
});
