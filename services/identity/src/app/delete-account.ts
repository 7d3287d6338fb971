import { enqueueEvent, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { UserDeleted } from '../events/registry';
import { deletedEmail, EMPTY_PROFILE } from '../domain/user';
import type { IdentityDeps } from './deps';
import { releaseSupplierNames } from './supplier-names';
import { loadActiveUser, requireCaller, requireFullAccess, requirePassword, revokeAllSessions } from './shared';

/** Delete the account (current password required): personal data wiped, sessions revoked, the row kept as "Deleted user". */
export async function deleteAccount(deps: IdentityDeps, ctx: CallContext, req: identity.DeleteAccountRequest): Promise<identity.DeleteAccountResponse> {
  const caller = requireCaller(ctx);
  const current = await deps.db.transaction().execute((trx) => loadActiveUser(trx, caller.userId));
  requireFullAccess(current);
  await requirePassword(deps, current, req.currentPassword);
  await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const row = await trx
      .updateTable('users')
      .set((eb) => ({
        email: deletedEmail(current.id),
        email_verified: false,
        password_hash: '!',
        profile: JSON.stringify(EMPTY_PROFILE),
        brand_key: null,
        business_key: null,
        deleted_at: now,
        updated_at: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', current.id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) return;
    await revokeAllSessions(trx, deps, current.id, now, 'deleted');
    await releaseSupplierNames(trx, current.id);
    await enqueueEvent(trx, UserDeleted, {
      aggregateId: row.id,
      aggregateVersion: row.version,
      data: { userId: row.id },
    });
  });
  deps.eventsWritten();
  return {};
}
