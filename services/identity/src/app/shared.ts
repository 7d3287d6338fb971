import { randomUUID } from 'node:crypto';
import {
  AppError, VERIFICATION_EMAILS_PER_DAY, enqueueEvent, invalidParams, recordSessionRevocation, signAccessToken,
  type AccountStatus, type CallContext, type Caller,
} from '@caskade/kit';
import { identity } from '@caskade/proto';
import { PasswordResetRequested, SessionsRevoked, VerificationRequested } from '../events/registry';
import type { Selectable, Transaction } from 'kysely';
import type { IdentityDB, UsersTable } from '../db/schema';
import { abbreviatedName, displayName, hasLimitedAccess } from '../domain/user';
import { PASSWORD_RESET_TTL_MS, REFRESH_TOKEN_TTL_MS, VERIFICATION_WINDOW_MS, VERIFY_EMAIL_TTL_MS } from '../domain/tokens';
import { hashSecret, newSecret } from './secrets';
import type { IdentityDeps } from './deps';

export type UserRow = Selectable<UsersTable>;
type Trx = Transaction<IdentityDB>;

export function requireCaller(ctx: CallContext): Caller {
  if (!ctx.caller) throw new AppError('auth-unauthenticated');
  return ctx.caller;
}

export function toUser(row: UserRow): identity.User {
  const p = row.profile;
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    role: row.role,
    scopes: row.scopes,
    banned: row.banned,
    createdAt: row.created_at.toISOString(),
    profile: { ...p, displayName: displayName(p), abbreviatedName: abbreviatedName(p) },
  };
}

/**
 * The calling user, locked for the rest of the transaction when `forUpdate`. A deleted account is
 * no caller at all (401); a banned one is refused (403) even while its access token is still valid.
 */
export async function loadActiveUser(trx: Trx, userId: string, forUpdate = false): Promise<UserRow> {
  let q = trx.selectFrom('users').selectAll().where('id', '=', userId).where('deleted_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('auth-unauthenticated');
  if (row.banned) throw new AppError('forbidden', { reason: 'user-banned' });
  return row;
}

/** Account-changing calls (password, email, deletion, user type) are not open to a limited-access login. */
export function requireFullAccess(row: UserRow): void {
  if (hasLimitedAccess(row.scopes)) throw new AppError('forbidden', { reason: 'limited-access' });
}

export async function requirePassword(deps: IdentityDeps, row: UserRow, password: string, field = 'currentPassword'): Promise<void> {
  if (!(await deps.passwords.verify(row.password_hash, password))) {
    throw invalidParams({ [field]: 'validation.passwordIncorrect' });
  }
}

/** Access token plus a new refresh token in `familyId` (a new family at login). */
export async function issueSession(trx: Trx, deps: IdentityDeps, user: UserRow, familyId: string = randomUUID()): Promise<identity.Session> {
  const access = signAccessToken({ sub: user.id, role: user.role, scopes: user.scopes, sessionVersion: user.session_version }, deps.jwtSecret);
  const refresh = newSecret();
  const expiresAt = new Date(deps.now().getTime() + REFRESH_TOKEN_TTL_MS);
  await trx
    .insertInto('refresh_tokens')
    .values({ id: randomUUID(), family_id: familyId, user_id: user.id, token_hash: hashSecret(refresh), expires_at: expiresAt })
    .execute();
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
  await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  const { session_version: sessionVersion } = await trx
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  const revocation = { userId, sessionVersion, status };
  await recordSessionRevocation(trx, revocation);
  await enqueueEvent(trx, SessionsRevoked, { aggregateId: userId, aggregateVersion: sessionVersion, data: revocation });
  deps.guard.forget(userId);
  return sessionVersion;
}

/** Outstanding password-reset links stop working (after a password change, say). */
export async function expirePasswordResetTokens(trx: Trx, userId: string, now: Date): Promise<void> {
  await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', 'password-reset')
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Refuses a verification email beyond 5 in the rolling 24 hours (the sign-up one counts); returns
 * how many were sent in the window before this one. Call with the user row locked, so concurrent
 * requests cannot both take the last place.
 */
export async function requireVerificationQuota(trx: Trx, deps: IdentityDeps, userId: string): Promise<number> {
  const since = new Date(deps.now().getTime() - VERIFICATION_WINDOW_MS);
  const { count } = await trx
    .selectFrom('email_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'verify-email')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(count) >= VERIFICATION_EMAILS_PER_DAY) {
    throw new AppError('email-too-many-verification-requests', { limit: VERIFICATION_EMAILS_PER_DAY });
  }
  return Number(count);
}

/** Records a one-time email token (only its hash is stored) and the event that makes notifications email it. */
async function queueEmailToken(
  trx: Trx,
  deps: IdentityDeps,
  user: UserRow,
  kind: 'verify-email' | 'password-reset',
  ttlMs: number,
): Promise<void> {
  const token = newSecret();
  const expiresAt = new Date(deps.now().getTime() + ttlMs);
  await trx
    .insertInto('email_tokens')
    // created_at from the service clock, like every window it is compared with.
    .values({ id: randomUUID(), user_id: user.id, kind, token_hash: hashSecret(token), email: user.email, expires_at: expiresAt, created_at: deps.now() })
    .execute();
  const payload = { userId: user.id, email: user.email, firstName: user.profile.firstName, token, expiresAt: expiresAt.toISOString() };
  await enqueueEvent(trx, kind === 'verify-email' ? VerificationRequested : PasswordResetRequested, { aggregateId: user.id, aggregateVersion: user.version, data: payload });
}

export function queueVerificationEmail(trx: Trx, deps: IdentityDeps, user: UserRow): Promise<void> {
  return queueEmailToken(trx, deps, user, 'verify-email', VERIFY_EMAIL_TTL_MS);
}

export function queuePasswordResetEmail(trx: Trx, deps: IdentityDeps, user: UserRow): Promise<void> {
  return queueEmailToken(trx, deps, user, 'password-reset', PASSWORD_RESET_TTL_MS);
}
