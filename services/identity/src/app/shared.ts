import { randomUUID } from 'node:crypto';
import { AppError, enqueueEvent, invalidParams, signAccessToken, type CallContext, type Caller } from '@caskade/kit';
import { identity, identityEvents } from '@caskade/proto';
import type { Selectable, Transaction } from 'kysely';
import type { IdentityDB, UsersTable } from '../db/schema';
import { abbreviatedName, displayName } from '../domain/user';
import { hashSecret, newSecret, PASSWORD_RESET_TTL_MS, REFRESH_TOKEN_TTL_MS, VERIFY_EMAIL_TTL_MS } from '../domain/tokens';
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

/** The active (not deleted) user, locked for the rest of the transaction when `forUpdate`. */
export async function loadActiveUser(trx: Trx, userId: string, forUpdate = false): Promise<UserRow> {
  let q = trx.selectFrom('users').selectAll().where('id', '=', userId).where('deleted_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('auth-unauthenticated');
  return row;
}

export async function requirePassword(deps: IdentityDeps, row: UserRow, password: string, field = 'currentPassword'): Promise<void> {
  if (!(await deps.passwords.verify(row.password_hash, password))) {
    throw invalidParams({ [field]: 'validation.passwordIncorrect' });
  }
}

/** Access token plus a new refresh token in `familyId` (a new family at login). */
export async function issueSession(trx: Trx, deps: IdentityDeps, user: UserRow, familyId: string = randomUUID()): Promise<identity.Session> {
  const access = signAccessToken({ sub: user.id, role: user.role, scopes: user.scopes }, deps.jwtSecret);
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

export async function revokeAllSessions(trx: Trx, userId: string, now: Date): Promise<void> {
  await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
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
    .values({ id: randomUUID(), user_id: user.id, kind, token_hash: hashSecret(token), email: user.email, expires_at: expiresAt })
    .execute();
  const payload = { userId: user.id, email: user.email, firstName: user.profile.firstName, token, expiresAt: expiresAt.toISOString() };
  await enqueueEvent(trx, {
    aggregateId: user.id,
    aggregateVersion: user.version,
    ...(kind === 'verify-email'
      ? { type: 'identity.user.verification_requested', data: identityEvents.VerificationEmailRequested.toJSON(payload) }
      : { type: 'identity.user.password_reset_requested', data: identityEvents.PasswordResetRequested.toJSON(payload) }),
  });
}

export function queueVerificationEmail(trx: Trx, deps: IdentityDeps, user: UserRow): Promise<void> {
  return queueEmailToken(trx, deps, user, 'verify-email', VERIFY_EMAIL_TTL_MS);
}

export function queuePasswordResetEmail(trx: Trx, deps: IdentityDeps, user: UserRow): Promise<void> {
  return queueEmailToken(trx, deps, user, 'password-reset', PASSWORD_RESET_TTL_MS);
}
