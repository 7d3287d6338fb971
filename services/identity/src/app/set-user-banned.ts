import { AppError, isUuid, requireRole, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findActiveUser, setBanned } from '../db/users';
import type { IdentityDeps } from './deps';
import { revokeAllSessions } from './sessions';
import { publicUser } from './views';

/**
 * Operator: ban or unban an account. A ban revokes every session at once and every service refuses
 * the account's tokens from then on (ADR 023); catalog takes its listings out of search. Unbanning
 * lets the account log in again (its old sessions stay revoked). Operators cannot be banned.
 */
export async function setUserBanned(deps: IdentityDeps, ctx: CallContext, req: identity.SetUserBannedRequest): Promise<identity.SetUserBannedResponse> {
  requireRole(ctx, 'operator');
  if (!isUuid(req.userId)) throw new AppError('not-found', { resource: 'user' });
  const user = await withTransaction(deps.db, async (trx) => {
    const row = await findActiveUser(trx, req.userId, true);
    if (!row) throw new AppError('not-found', { resource: 'user' });
    if (row.role === 'operator') throw new AppError('forbidden', { reason: 'operators cannot be banned' });
    if (row.banned === req.banned) return row;
    const now = deps.now();
    const updated = await setBanned(trx, row.id, req.banned, now);
    const sessionVersion = await revokeAllSessions(trx, deps, row.id, now, req.banned ? 'banned' : 'active');
    return { ...updated, session_version: sessionVersion };
  });
  deps.eventsWritten();
  return { user: publicUser(user) };
}
