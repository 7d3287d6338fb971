import { requireCaller, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { loadActiveUser } from './account-access';
import type { IdentityDeps } from './deps';
import { toUser } from './views';

export async function getCurrentUser(deps: IdentityDeps, ctx: CallContext): Promise<identity.GetCurrentUserResponse> {
  const caller = requireCaller(ctx);
  return { user: toUser(await loadActiveUser(deps.db, caller.userId)) };
}
