import { AppError, withTransaction } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { hashSecret } from './secrets';
import type { IdentityDeps } from './deps';
import { toUser } from './shared';

/** Mark the email verified from a link token: single use, unexpired, and only for the address it was sent to. */
export async function verifyEmail(deps: IdentityDeps, req: identity.VerifyEmailRequest): Promise<identity.VerifyEmailResponse> {
  if (!req.token || req.token.length > 200) throw new AppError('auth-token-invalid');
  const user = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const token = await trx
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_hash', '=', hashSecret(req.token))
      .where('kind', '=', 'verify-email')
      .forUpdate()
      .executeTakeFirst();
    if (!token || token.used_at || new Date(token.expires_at).getTime() <= now.getTime()) return null;
    const used = await trx.updateTable('email_tokens').set({ used_at: now }).where('id', '=', token.id).where('used_at', 'is', null).executeTakeFirst();
    if (used.numUpdatedRows !== 1n) return null;
    return trx
      .updateTable('users')
      .set((eb) => ({ email_verified: true, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', token.user_id)
      .where('email', '=', token.email)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  });
  if (!user) throw new AppError('auth-token-invalid');
  return { user: toUser(user) };
}
