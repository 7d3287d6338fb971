import { fieldErrors, invalidParams, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import type { IdentityDeps } from './deps';
import {
  expirePasswordResetTokens, issueSession, loadActiveUser, requireCaller, requireFullAccess, requirePassword, revokeAllSessions,
} from './shared';
import { passwordField } from '../domain';

/**
 * Change the password (current password required). Every session of the account is revoked and
 * outstanding reset links stop working, in the same transaction; the caller carries on in a fresh
 * session returned here (the gateway cannot see the caller's refresh cookie on this path, see ADR 014).
 */
export async function changePassword(deps: IdentityDeps, ctx: CallContext, req: identity.ChangePasswordRequest): Promise<identity.ChangePasswordResponse> {
  const caller = requireCaller(ctx);
  const pw = passwordField.safeParse(req.newPassword);
  if (!pw.success) throw invalidParams({ newPassword: fieldErrors(pw.error)._ ?? 'validation.passwordTooShort' });
  const current = await deps.db.transaction().execute((trx) => loadActiveUser(trx, caller.userId));
  requireFullAccess(current);
  await requirePassword(deps, current, req.currentPassword);
  const passwordHash = await deps.passwords.hash(pw.data);
  const session = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    // Conditional on the hash we checked: after a concurrent change the given current password is stale.
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', current.id)
      .where('password_hash', '=', current.password_hash)
      .where('deleted_at', 'is', null)
      .where('banned', '=', false)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw invalidParams({ currentPassword: 'validation.passwordIncorrect' });
    const sessionVersion = await revokeAllSessions(trx, deps, row.id, now);
    await expirePasswordResetTokens(trx, row.id, now);
    return issueSession(trx, deps, { ...row, session_version: sessionVersion });
  });
  deps.eventsWritten();
  return { session };
}
