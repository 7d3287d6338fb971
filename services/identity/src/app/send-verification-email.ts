import { AppError, VERIFICATION_EMAILS_PER_DAY, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { VERIFICATION_WINDOW_MS } from '../domain/tokens';
import type { IdentityDeps } from './deps';
import { loadActiveUser, queueVerificationEmail, requireCaller } from './shared';

/**
 * Send (another) verification email: at most 5 in any 24 hours, counting the one sent at sign-up.
 * The user row is locked so two concurrent requests cannot both take the fifth place.
 */
export async function sendVerificationEmail(deps: IdentityDeps, ctx: CallContext): Promise<identity.SendVerificationEmailResponse> {
  const caller = requireCaller(ctx);
  const sentToday = await withTransaction(deps.db, async (trx) => {
    const user = await loadActiveUser(trx, caller.userId, true);
    if (user.email_verified) throw new AppError('validation-invalid-value', { reason: 'email-already-verified' });
    const since = new Date(deps.now().getTime() - VERIFICATION_WINDOW_MS);
    const { count } = await trx
      .selectFrom('email_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .where('kind', '=', 'verify-email')
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(count) >= VERIFICATION_EMAILS_PER_DAY) {
      throw new AppError('email-too-many-verification-requests', { limit: VERIFICATION_EMAILS_PER_DAY });
    }
    await queueVerificationEmail(trx, deps, user);
    return Number(count) + 1;
  });
  deps.eventsWritten();
  return { sentToday };
}
