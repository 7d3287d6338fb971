import { AppError, emailField, enqueueEvent, invalidParams, isUniqueViolation, requireCaller, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { setEmail } from '../db/users';
import { UserEmailChanged } from '../events/registry';
import { loadActiveUser, requireFullAccess, requirePassword } from './account-access';
import type { IdentityDeps } from './deps';
import { queueVerificationEmail, requireVerificationQuota } from './email-links';
import { toUser } from './views';

/**
 * Change the login email (current password required); the new address must be verified again. The
 * verification email it sends counts against the same 5-a-day quota as a resend, under the same row
 * lock, so changing the address back and forth cannot mail-bomb anyone.
 */
export async function changeEmail(deps: IdentityDeps, ctx: CallContext, req: identity.ChangeEmailRequest): Promise<identity.ChangeEmailResponse> {
  const caller = requireCaller(ctx);
  const email = emailField.safeParse(req.email);
  if (!email.success) throw invalidParams({ email: email.error.issues[0]?.message ?? 'validation.emailInvalid' });
  const current = await loadActiveUser(deps.db, caller.userId);
  requireFullAccess(current);
  await requirePassword(deps, current, req.currentPassword);
  if (current.email === email.data) return { user: toUser(current) };
  try {
    const user = await withTransaction(deps.db, async (trx) => {
      await loadActiveUser(trx, current.id, true);
      await requireVerificationQuota(trx, deps, current.id);
      const row = await setEmail(trx, current.id, { email: email.data, passwordHash: current.password_hash, now: deps.now() });
      // The password we checked was changed in the meantime.
      if (!row) throw invalidParams({ currentPassword: 'validation.passwordIncorrect' });
      await enqueueEvent(trx, UserEmailChanged, {
        aggregateId: row.id,
        aggregateVersion: row.version,
        data: { userId: row.id, oldEmail: current.email, newEmail: row.email },
      });
      await queueVerificationEmail(trx, deps, row);
      return row;
    });
    deps.eventsWritten();
    return { user: toUser(user) };
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_active')) throw new AppError('email-taken', { fields: { email: 'email-taken' } });
    throw err;
  }
}
