import { randomUUID } from 'node:crypto';
import { enqueueEvent, recordSessionRevocation, signAccessToken, type AccountStatus } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import type { Transaction } from 'kysely';
import type { IdentityDB } from '../db/schema';
import { insertRefreshToken, revokeUserRefreshTokens } from '../db/sessions';
import { raiseSessionVersion, type UserRow } from '../db/users';
import { REFRESH_TOKEN_TTL_MS } from '../domain/tokens';
import { SessionsRevoked } from '../events/registry';
import { hashSecret, newSecret } from './secrets';
import type { IdentityDeps } from './deps';

type Trx = Transaction<IdentityDB>;

/** Access token plus a new refresh token in `familyId` (a new family at login). */
export async function issueSession(trx: Trx, deps: IdentityDeps, user: UserRow, familyId: string = randomUUID()): Promise<identity.Session> {
  const access = await signAccessToken({ sub: user.id, role: user.role, scopes: user.scopes, sessionVersion: user.session_version }, deps.accessSigningKey);
  const refresh = newSecret();
  const expiresAt = new Date(deps.now().getTime() + REFRESH_TOKEN_TTL_MS);
  await insertRefreshToken(trx, { id: randomUUID(), familyId, userId: user.id, tokenHash: hashSecret(refresh), expiresAt });
  return {
    accessToken: access.token,
    accessExpiresAtMs: access.expiresAtMs,
    refreshToken: refresh,
    refreshExpiresAtMs: expiresAt.getTime(),
  };
}

/**
 * Every session of the account ends now (ADR 023): its refresh tokens are revoked and its session
 * version raised, recorded here and published to every service, which then refuse access tokens
 * carrying an older version (and any token of a banned or deleted account). Returns the new version,
 * which a session issued in the same transaction must carry. Call `deps.eventsWritten()` after commit.
 */
export async function revokeAllSessions(trx: Trx, deps: Pick<IdentityDeps, 'guard'>, userId: string, now: Date, status: AccountStatus = 'active'): Promise<number> {
  await revokeUserRefreshTokens(trx, userId, now);
  const sessionVersion = await raiseSessionVersion(trx, userId);
  const revocation = { userId, sessionVersion, status };
  await recordSessionRevocation(trx, revocation);
  await enqueueEvent(trx, SessionsRevoked, { aggregateId: userId, aggregateVersion: sessionVersion, data: revocation });
  deps.guard.forget(userId);
  return sessionVersion;
}
