import { AppError, invalidParams, requireCaller, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { setRole } from '../db/users';
import { USER_TYPES } from '../domain';
import { loadActiveUser, requireFullAccess } from './account-access';
import type { IdentityDeps } from './deps';
import { issueSession, revokeAllSessions } from './sessions';
import { toUser } from './views';

/**
 * Switch between buyer and supplier. Operators are made by configuration, never by this call.
 * The role travels in the access token, so a switch revokes the account's sessions and returns a
 * fresh one whose token carries the new role (the gateway sets its cookies, as at login).
 */
export async function setUserType(deps: IdentityDeps, ctx: CallContext, req: identity.SetUserTypeRequest): Promise<identity.SetUserTypeResponse> {
  const caller = requireCaller(ctx);
  const userType = USER_TYPES.find((t) => t === req.userType);
  if (!userType) throw invalidParams({ userType: 'validation.required' });
  return withTransaction(deps.db, async (trx) => {
    const user = await loadActiveUser(trx, caller.userId, true);
    if (user.role === 'operator') throw new AppError('forbidden');
    requireFullAccess(user);
    if (user.role === userType) return { user: toUser(user), session: undefined };
    const now = deps.now();
    const row = await setRole(trx, user.id, userType, now);
    const sessionVersion = await revokeAllSessions(trx, deps, row.id, now);
    return { user: toUser(row), session: await issueSession(trx, deps, { ...row, session_version: sessionVersion }) };
  }).finally(() => deps.eventsWritten());
}
