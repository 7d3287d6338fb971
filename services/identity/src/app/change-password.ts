import { fieldErrors, invalidParams, requireCaller, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { expirePasswordResetTokens } from '../db/email-tokens';
import { replacePassword } from '../db/users';
import { passwordField } from '../domain';
import { loadActiveUser, requireFullAccess, requirePassword } from './account-access';
import type { IdentityDeps } from './deps';
import { issueSession, revokeAllSessions } from './sessions';

/**
 * Change the password (current password required). Every session of the account is revoked and
 * outstanding reset links stop working, in the same transaction; the caller carries on in a fresh
 * session returned here (the gateway cannot see the caller's refresh cookie on this path, see ADR 014).
 */
export async function changePassword(deps: IdentityDeps, ctx: CallContext, req: identity.ChangePasswordRequest): Promise<identity.ChangePasswordResponse> {
  const caller = requireCaller(ctx);
  const pw = passwordField.safeParse(req.newPassword);
  if (!pw.success) throw invalidParams({ newPassword: fieldErrors(pw.error)._ ?? 'validation.passwordTooShort' });
  const current = await loadActiveUser(deps.db, caller.userId);
  requireFullAccess(current);
  await requirePassword(deps, current, req.currentPassword);
  const passwordHash = await deps.passwords.hash(pw.data);
  const session = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    // Conditional on the hash we checked: after a concurrent change the given current password is stale.
    const row = await replacePassword(trx, current.id, { expectedHash: current.password_hash, newHash: passwordHash, now });
    if (!row) throw invalidParams({ currentPassword: 'validation.passwordIncorrect' });
    const sessionVersion = await revokeAllSessions(trx, deps, row.id, now);
    await expirePasswordResetTokens(trx, row.id, now);
    return issueSession(trx, deps, { ...row, session_version: sessionVersion });
  });
  deps.eventsWritten();
  return { session };
}
