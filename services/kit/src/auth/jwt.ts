import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ROLES, type Role } from '../rules/constants';
import type { Caller } from '../context';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'caskade-identity';
const AUDIENCE = 'caskade';

/**
 * The secret as a KeyObject, made once per secret: given a string, jsonwebtoken first tries it as
 * a public key on every call and only then falls back, which costs more than the HMAC itself.
 */
const keys = new Map<string, KeyObject>();
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export interface AccessClaims {
  sub: string;
  role: Role;
  scopes: string[];
  /** The account's session version (claim `sv`); a raised version revokes the token (docs/decisions/023). */
  sessionVersion: number;
}

/** Short-lived access token (HS256). Identity signs; the gateway verifies and forwards the caller. */
export function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): { token: string; expiresAtMs: number } {
  const token = jwt.sign({ role: claims.role, scopes: claims.scopes, sv: claims.sessionVersion }, keyFor(secret), {
    algorithm: 'HS256',
    subject: claims.sub,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: ttlSeconds,
  });
  return { token, expiresAtMs: Date.now() + ttlSeconds * 1000 };
}

/**
 * The caller a valid token names, or null for a missing, expired, forged or malformed one. The
 * algorithm is pinned (HS256: `none` and every other algorithm are refused), and a token must carry
 * `exp`, `iat`, our issuer and audience, a subject, a known role, scopes and a session version
 * (docs/decisions/024).
 */
export function verifyAccessToken(token: string, secret: string): Caller | null {
  try {
    const payload = jwt.verify(token, keyFor(secret), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload === 'string' || typeof payload.sub !== 'string' || payload.sub.length === 0) return null;
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
    const role: unknown = payload.role;
    const scopes: unknown = payload.scopes;
    const sv: unknown = payload.sv;
    if (!isRole(role)) return null;
    if (!Array.isArray(scopes) || !scopes.every((s): s is string => typeof s === 'string')) return null;
    if (typeof sv !== 'number' || !Number.isSafeInteger(sv) || sv < 0) return null;
    return { userId: payload.sub, role, scopes, sessionVersion: sv };
  } catch {
    return null;
  }
}

const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
