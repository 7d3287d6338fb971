import type { CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import type { IdentityDeps } from './deps';
import { loadActiveUser, requireCaller, toUser } from './shared';

export async function getCurrentUser(deps: IdentityDeps, ctx: CallContext): Promise<identity.GetCurrentUserResponse> {
  const caller = requireCaller(ctx);
  const row = await deps.db.transaction().execute((trx) => loadActiveUser(trx, caller.userId));
  return { user: toUser(row) };
}
