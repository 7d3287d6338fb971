import { enqueueEvent, requireCaller, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { releaseSupplierNames } from '../db/supplier-names';
import { markDeleted } from '../db/users';
import { deletedEmail, EMPTY_PROFILE } from '../domain/user';
import { UserDeleted } from '../events/registry';
import { loadActiveUser, requireFullAccess, requirePassword } from './account-access';
import type { IdentityDeps } from './deps';
import { revokeAllSessions } from './sessions';

/** Delete the account (current password required): personal data wiped, sessions revoked, the row kept as "Deleted user". */
export async function deleteAccount(deps: IdentityDeps, ctx: CallContext, req: identity.DeleteAccountRequest): Promise<identity.DeleteAccountResponse> {
  const caller = requireCaller(ctx);
  const current = await loadActiveUser(deps.db, caller.userId);
  requireFullAccess(current);
  await requirePassword(deps, current, req.currentPassword);
  await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const row = await markDeleted(trx, current.id, { email: deletedEmail(current.id), profile: EMPTY_PROFILE, now });
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
