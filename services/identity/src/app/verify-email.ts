import { AppError, withTransaction } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findEmailTokenForUpdate, markEmailTokenUsed } from '../db/email-tokens';
import { markEmailVerified } from '../db/users';
import type { IdentityDeps } from './deps';
import { hashSecret } from './secrets';
import { toUser } from './views';

/** Mark the email verified from a link token: single use, unexpired, and only for the address it was sent to. */
export async function verifyEmail(deps: IdentityDeps, req: identity.VerifyEmailRequest): Promise<identity.VerifyEmailResponse> {
  if (!req.token || req.token.length > 200) throw new AppError('auth-token-invalid');
  const user = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const token = await findEmailTokenForUpdate(trx, { tokenHash: hashSecret(req.token), kind: 'verify-email' });
    if (!token || token.used_at || new Date(token.expires_at).getTime() <= now.getTime()) return null;
    if (!(await markEmailTokenUsed(trx, token.id, now))) return null;
    return markEmailVerified(trx, token.user_id, token.email, now);
  });
  if (!user) throw new AppError('auth-token-invalid');
  return { user: toUser(user) };
}
