import { AppError, isUuid } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findUsers } from '../db/users';
import type { IdentityDeps } from './deps';
import { abnOf, publicUser } from './views';

/** Public views of users; banned and deleted users come back flagged, with no personal details. */
export async function getUsers(deps: IdentityDeps, req: identity.GetUsersRequest): Promise<identity.GetUsersResponse> {
  if (req.ids.length > 100) throw new AppError('validation-invalid-params', { fields: { ids: 'validation.tooLong' } });
  const ids = [...new Set(req.ids)].filter(isUuid);
  if (ids.length === 0) return { users: [] };
  return { users: (await findUsers(deps.db, ids)).map((row) => ({ ...publicUser(row, req.withLiquorLicence === true), abnAcn: abnOf(row, req.withAbn === true) })) };
}
