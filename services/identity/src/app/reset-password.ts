import { AppError, emailField, fieldErrors, invalidParams, withTransaction } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { hashSecret } from './secrets';
import type { IdentityDeps } from './deps';
import { revokeAllSessions } from './shared';
import { passwordField } from '../domain';

/** Set a new password from a reset link; the token is single use and every session is signed out. */
export async function resetPassword(deps: IdentityDeps, req: identity.ResetPasswordRequest): Promise<identity.ResetPasswordResponse> {
  const pw = passwordField.safeParse(req.newPassword);
  if (!pw.success) throw invalidParams({ newPassword: fieldErrors(pw.error)._ ?? 'validation.passwordTooShort' });
  const email = emailField.safeParse(req.email);
  if (!email.success || !req.token || req.token.length > 200) throw new AppError('auth-token-invalid');
  const passwordHash = await deps.passwords.hash(pw.data);
  const ok = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const token = await trx
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_hash', '=', hashSecret(req.token))
      .where('kind', '=', 'password-reset')
      .where('email', '=', email.data)
      .forUpdate()
      .executeTakeFirst();
    if (!token || token.used_at || new Date(token.expires_at).getTime() <= now.getTime()) return false;
    await trx.updateTable('email_tokens').set({ used_at: now }).where('id', '=', token.id).execute();
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, email_verified: true, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', token.user_id)
      .where('email', '=', token.email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) return false;
    await revokeAllSessions(trx, deps, token.user_id, now);
    return true;
  });
  if (!ok) throw new AppError('auth-token-invalid');
  deps.eventsWritten();
  return {};
}
