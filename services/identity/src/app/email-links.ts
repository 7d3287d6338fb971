import { randomUUID } from 'node:crypto';
import { AppError, enqueueEvent, VERIFICATION_EMAILS_PER_DAY } from '@caskade/kit';
import type { Transaction } from 'kysely';
import { countVerificationEmailsSince, insertEmailToken, type EmailTokenKind } from '../db/email-tokens';
import type { IdentityDB } from '../db/schema';
import type { UserRow } from '../db/users';
import { PASSWORD_RESET_TTL_MS, VERIFICATION_WINDOW_MS, VERIFY_EMAIL_TTL_MS } from '../domain/tokens';
import { PasswordResetRequested, VerificationRequested } from '../events/registry';
import { hashSecret, newSecret } from './secrets';
import type { IdentityDeps } from './deps';

type Trx = Transaction<IdentityDB>;

/**
 * Refuses a verification email beyond 5 in the rolling 24 hours (the sign-up one counts); returns
 * how many were sent in the window before this one. Call with the user row locked, so concurrent
 * requests cannot both take the last place.
 */
export async function requireVerificationQuota(trx: Trx, deps: IdentityDeps, userId: string): Promise<number> {
  const count = await countVerificationEmailsSince(trx, userId, new Date(deps.now().getTime() - VERIFICATION_WINDOW_MS));
  if (count >= VERIFICATION_EMAILS_PER_DAY) {
    throw new AppError('email-too-many-verification-requests', { limit: VERIFICATION_EMAILS_PER_DAY });
  }
  return count;
}

/** Records a one-time email token (only its hash is stored) and the event that makes notifications email it. */
async function queueEmailToken(trx: Trx, deps: IdentityDeps, user: UserRow, kind: EmailTokenKind, ttlMs: number): Promise<void> {
  const token = newSecret();
  const expiresAt = new Date(deps.now().getTime() + ttlMs);
  // created_at from the service clock, like every window it is compared with.
  await insertEmailToken(trx, { id: randomUUID(), userId: user.id, kind, tokenHash: hashSecret(token), email: user.email, expiresAt, createdAt: deps.now() });
  const payload = { userId: user.id, email: user.email, firstName: user.profile.firstName, token, expiresAt: expiresAt.toISOString() };
  await enqueueEvent(trx, kind === 'verify-email' ? VerificationRequested : PasswordResetRequested, { aggregateId: user.id, aggregateVersion: user.version, data: payload });
}

export function queueVerificationEmail(trx: Trx, deps: IdentityDeps, user: UserRow): Promise<void> {
  return queueEmailToken(trx, deps, user, 'verify-email', VERIFY_EMAIL_TTL_MS);
}

export function queuePasswordResetEmail(trx: Trx, deps: IdentityDeps, user: UserRow): Promise<void> {
  return queueEmailToken(trx, deps, user, 'password-reset', PASSWORD_RESET_TTL_MS);
}
