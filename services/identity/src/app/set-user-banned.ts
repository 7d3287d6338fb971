import { AppError, isUuid, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import type { IdentityDeps } from './deps';
import { requireCaller, revokeAllSessions } from './shared';
import { publicUser } from './get-users';

/**
 * Operator: ban or unban an account. A ban revokes every session at once and every service refuses
 * the account's tokens from then on (ADR 023); catalog takes its listings out of search. Unbanning
 * lets the account log in again (its old sessions stay revoked). Operators cannot be banned.
 */
export async function setUserBanned(deps: IdentityDeps, ctx: CallContext, req: identity.SetUserBannedRequest): Promise<identity.SetUserBannedResponse> {
  if (requireCaller(ctx).role !== 'operator') throw new AppError('forbidden', { reason: 'operators only' });
  if (!isUuid(req.userId)) throw new AppError('not-found', { resource: 'user' });
  const user = await withTransaction(deps.db, async (trx) => {
    const row = await trx.selectFrom('users').selectAll().where('id', '=', req.userId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!row) throw new AppError('not-found', { resource: 'user' });
    if (row.role === 'operator') throw new AppError('forbidden', { reason: 'operators cannot be banned' });
    if (row.banned === req.banned) return row;
    const now = deps.now();
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({ banned: req.banned, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const sessionVersion = await revokeAllSessions(trx, deps, row.id, now, req.banned ? 'banned' : 'active');
    return { ...updated, session_version: sessionVersion };
  });
  deps.eventsWritten();
  return { user: publicUser(user) };
}
