import { AppError, requireCaller, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { loadActiveUser } from './account-access';
import type { IdentityDeps } from './deps';
import { queueVerificationEmail, requireVerificationQuota } from './email-links';

/**
 * Send (another) verification email: at most 5 in any 24 hours, counting the one sent at sign-up.
 * The user row is locked so two concurrent requests cannot both take the fifth place.
 */
export async function sendVerificationEmail(deps: IdentityDeps, ctx: CallContext): Promise<identity.SendVerificationEmailResponse> {
  const caller = requireCaller(ctx);
  const sentToday = await withTransaction(deps.db, async (trx) => {
    const user = await loadActiveUser(trx, caller.userId, true);
    if (user.email_verified) throw new AppError('validation-invalid-value', { reason: 'email-already-verified' });
    const before = await requireVerificationQuota(trx, deps, user.id);
    await queueVerificationEmail(trx, deps, user);
    return before + 1;
  });
  deps.eventsWritten();
  return { sentToday };
}
