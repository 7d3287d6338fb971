import { AppError, isUuid, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findUsers } from '../db/users';
import type { IdentityDeps } from './deps';
import { abnOf, emailOf, publicUser } from './views';

/**
 * Public views of users; banned and deleted users come back flagged, with no personal details.
 * Email addresses only to a service (no signed-in caller) that asks: notifications' order emails.
 */
export async function getUsers(deps: IdentityDeps, ctx: CallContext, req: identity.GetUsersRequest): Promise<identity.GetUsersResponse> {
  if (req.ids.length > 100) throw new AppError('validation-invalid-params', { fields: { ids: 'validation.tooLong' } });
  if (req.withEmail === true && ctx.caller) throw new AppError('forbidden', { reason: 'services only' });
  const ids = [...new Set(req.ids)].filter(isUuid);
  if (ids.length === 0) return { users: [] };
  return { users: (await findUsers(deps.db, ids)).map((row) => ({ ...publicUser(row, req.withLiquorLicence === true), abnAcn: abnOf(row, req.withAbn === true), email: emailOf(row, req.withEmail === true) })) };
}
