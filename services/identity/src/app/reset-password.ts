import { AppError, emailField, fieldErrors, invalidParams, withTransaction } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findEmailTokenForUpdate, markEmailTokenUsed } from '../db/email-tokens';
import { setPasswordFromReset } from '../db/users';
import { passwordField } from '../domain';
import type { IdentityDeps } from './deps';
import { hashSecret } from './secrets';
import { revokeAllSessions } from './sessions';

/** Set a new password from a reset link; the token is single use and every session is signed out. */
export async function resetPassword(deps: IdentityDeps, req: identity.ResetPasswordRequest): Promise<identity.ResetPasswordResponse> {
  const pw = passwordField.safeParse(req.newPassword);
  if (!pw.success) throw invalidParams({ newPassword: fieldErrors(pw.error)._ ?? 'validation.passwordTooShort' });
  const email = emailField.safeParse(req.email);
  if (!email.success || !req.token || req.token.length > 200) throw new AppError('auth-token-invalid');
  const passwordHash = await deps.passwords.hash(pw.data);
  const ok = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const token = await findEmailTokenForUpdate(trx, { tokenHash: hashSecret(req.token), kind: 'password-reset', email: email.data });
    if (!token || token.used_at || new Date(token.expires_at).getTime() <= now.getTime()) return false;
    await markEmailTokenUsed(trx, token.id, now);
    if (!(await setPasswordFromReset(trx, token.user_id, { email: token.email, newHash: passwordHash, now }))) return false;
    await revokeAllSessions(trx, deps, token.user_id, now);
    return true;
  });
  if (!ok) throw new AppError('auth-token-invalid');
  deps.eventsWritten();
  return {};
}
