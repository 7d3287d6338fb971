import { jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { ROLES, type Role } from '../rules/constants';
import type { Caller } from '../context';
import { TOKEN_ALG, type PublicKeys, type SigningKey } from './keys';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ACCESS_TOKEN_ISSUER = 'caskade-identity';
export const ACCESS_TOKEN_AUDIENCE = 'caskade';

export interface AccessClaims {
  sub: string;
  role: Role;
  scopes: string[];
  /** The account's session version (claim `sv`); a raised version revokes the token (docs/decisions/023). */
  sessionVersion: number;
}

/**
 * Short-lived access token, EdDSA (Ed25519) with the signing key's `kid` in its header. Only
 * identity holds a signing key; the gateway and every service verify with the public keys
 * (docs/decisions/053).
 */
export async function signAccessToken(claims: AccessClaims, signer: SigningKey, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<{ token: string; expiresAtMs: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ role: claims.role, scopes: claims.scopes, sv: claims.sessionVersion })
    .setProtectedHeader({ alg: TOKEN_ALG, kid: signer.kid, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(signer.key);
  return { token, expiresAtMs: Date.now() + ttlSeconds * 1000 };
}

/** The key a token's `kid` names among `keys`; a token without a kid, or with an unknown one, is refused. */
export function keyResolver(keys: PublicKeys): JWTVerifyGetKey {
  return (header) => {
    const key = typeof header.kid === 'string' ? keys.get(header.kid) : undefined;
    if (!key) throw new Error('unknown signing key');
    return key;
  };
}

/** Verified claims of a token signed by one of `keys`, or null (signature, alg, kid, issuer, audience, exp, iat). */
export async function verifySignedClaims(token: string, keys: PublicKeys, issuer: string, audience: string): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, keyResolver(keys), { algorithms: [TOKEN_ALG], issuer, audience, requiredClaims: ['exp', 'iat', 'sub'] });
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number' || typeof payload.sub !== 'string' || payload.sub.length === 0) return null;
    return payload;
  } catch {
    return null;
  }
}

/**
 * The caller a valid token names, or null for a missing, expired, forged or malformed one. The
 * algorithm is pinned (EdDSA: `none`, HS256 and every other algorithm are refused), the header's
 * `kid` must name one of `keys`, and a token must carry `exp`, `iat`, our issuer and audience, a
 * subject, a known role, scopes and a session version (docs/decisions/024, 053).
 */
export async function verifyAccessToken(token: string, keys: PublicKeys): Promise<Caller | null> {
  const payload = await verifySignedClaims(token, keys, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE);
  return payload ? callerFromClaims(payload.sub, payload) : null;
}

/** A Caller from a subject and claims `role`, `scopes`, `sv` (sv optional when `svRequired` is false), or null. */
export function callerFromClaims(sub: unknown, claims: Record<string, unknown>, svRequired = true): Caller | null {
  if (typeof sub !== 'string' || sub.length === 0) return null;
  const { role, scopes, sv } = claims;
  if (!isRole(role)) return null;
  if (!Array.isArray(scopes) || !scopes.every((s): s is string => typeof s === 'string')) return null;
  if (sv === undefined && !svRequired) return { userId: sub, role, scopes };
  if (typeof sv !== 'number' || !Number.isSafeInteger(sv) || sv < 0) return null;
  return { userId: sub, role, scopes, sessionVersion: sv };
}

const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * verifyAccessToken with a per-process cache of the tokens already verified, until each expires: a
 * signed-in user's calls cost one signature check per token, not one per request.
 */
export class AccessTokenVerifier {
  private readonly cache = new Map<string, { caller: Caller; expMs: number }>();
  constructor(private readonly keys: PublicKeys, private readonly maxEntries = 20_000) {}

  async verify(token: string): Promise<Caller | null> {
    const hit = this.cache.get(token);
    if (hit) {
      if (Date.now() < hit.expMs) return hit.caller;
      this.cache.delete(token);
    }
    const payload = await verifySignedClaims(token, this.keys, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE);
    const caller = payload ? callerFromClaims(payload.sub, payload) : null;
    if (caller && payload?.exp) {
      if (this.cache.size >= this.maxEntries) this.cache.clear();
      this.cache.set(token, { caller, expMs: payload.exp * 1000 });
    }
    return caller;
  }

  /** When a token this verifier accepted expires (ms since the epoch); undefined for one it has not accepted. */
  expiresAt(token: string): number | undefined {
    return this.cache.get(token)?.expMs;
  }
}
