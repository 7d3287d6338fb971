import { AppError, USER_TYPES, invalidParams, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import type { IdentityDeps } from './deps';
import { loadActiveUser, requireCaller, toUser } from './shared';

/** Switch between buyer and supplier. Operators are made by configuration, never by this call. */
export async function setUserType(deps: IdentityDeps, ctx: CallContext, req: identity.SetUserTypeRequest): Promise<identity.SetUserTypeResponse> {
  const caller = requireCaller(ctx);
  const userType = USER_TYPES.find((t) => t === req.userType);
  if (!userType) throw invalidParams({ userType: 'validation.required' });
  const row = await withTransaction(deps.db, async (trx) => {
    const user = await loadActiveUser(trx, caller.userId, true);
    if (user.role === 'operator') throw new AppError('forbidden');
    if (user.role === userType) return user;
    return trx
      .updateTable('users')
      .set((eb) => ({ role: userType, updated_at: deps.now(), version: eb('version', '+', 1) }))
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { user: toUser(row) };
}
