import { fieldErrors, invalidParams, passwordField, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import type { IdentityDeps } from './deps';
import { loadActiveUser, requireCaller, requirePassword } from './shared';

export async function changePassword(deps: IdentityDeps, ctx: CallContext, req: identity.ChangePasswordRequest): Promise<identity.ChangePasswordResponse> {
  const caller = requireCaller(ctx);
  const pw = passwordField.safeParse(req.newPassword);
  if (!pw.success) throw invalidParams({ newPassword: fieldErrors(pw.error)._ ?? 'validation.passwordTooShort' });
  const current = await deps.db.transaction().execute((trx) => loadActiveUser(trx, caller.userId));
  await requirePassword(deps, current, req.currentPassword);
  const passwordHash = await deps.passwords.hash(pw.data);
  await withTransaction(deps.db, async (trx) => {
    // Conditional on the hash we checked: a concurrent change in between makes this one a no-op.
    await trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, updated_at: deps.now(), version: eb('version', '+', 1) }))
      .where('id', '=', current.id)
      .where('password_hash', '=', current.password_hash)
      .execute();
  });
  return {};
}
