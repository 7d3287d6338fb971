import { AppError, emailField, enqueueEvent, invalidParams, isUniqueViolation, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { UserEmailChanged } from '../events/registry';
import type { IdentityDeps } from './deps';
import { loadActiveUser, queueVerificationEmail, requireCaller, requireFullAccess, requirePassword, requireVerificationQuota, toUser } from './shared';

/**
 * Change the login email (current password required); the new address must be verified again. The
 * verification email it sends counts against the same 5-a-day quota as a resend, under the same row
 * lock, so changing the address back and forth cannot mail-bomb anyone.
 */
export async function changeEmail(deps: IdentityDeps, ctx: CallContext, req: identity.ChangeEmailRequest): Promise<identity.ChangeEmailResponse> {
  const caller = requireCaller(ctx);
  const email = emailField.safeParse(req.email);
  if (!email.success) throw invalidParams({ email: email.error.issues[0]?.message ?? 'validation.emailInvalid' });
  const current = await deps.db.transaction().execute((trx) => loadActiveUser(trx, caller.userId));
  requireFullAccess(current);
  await requirePassword(deps, current, req.currentPassword);
  if (current.email === email.data) return { user: toUser(current) };
  try {
    const user = await withTransaction(deps.db, async (trx) => {
      await loadActiveUser(trx, current.id, true);
      await requireVerificationQuota(trx, deps, current.id);
      const row = await trx
        .updateTable('users')
        .set((eb) => ({ email: email.data, email_verified: false, updated_at: deps.now(), version: eb('version', '+', 1) }))
        .where('id', '=', current.id)
        .where('deleted_at', 'is', null)
        .where('password_hash', '=', current.password_hash)
        .returningAll()
        .executeTakeFirst();
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
