import { AppError, isUuid } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { abbreviatedName, displayName } from '../domain/user';
import type { IdentityDeps } from './deps';
import type { UserRow } from './shared';

/** A user's public view; a banned or deleted user comes back flagged, with no personal details. */
export function publicUser(r: UserRow): identity.PublicUser {
  const hidden = r.banned || r.deleted_at !== null;
  return {
    id: r.id,
    role: r.role,
    displayName: hidden ? '' : displayName(r.profile),
    abbreviatedName: hidden ? '' : abbreviatedName(r.profile),
    companyName: hidden ? '' : r.profile.companyName,
    brandName: hidden ? '' : r.profile.brandName,
    bio: hidden ? '' : r.profile.bio,
    banned: r.banned,
    deleted: r.deleted_at !== null,
    createdAt: r.created_at.toISOString(),
  };
}

/** Public views of users; banned and deleted users come back flagged, with no personal details. */
export async function getUsers(deps: IdentityDeps, req: identity.GetUsersRequest): Promise<identity.GetUsersResponse> {
  if (req.ids.length > 100) throw new AppError('validation-invalid-params', { fields: { ids: 'validation.tooLong' } });
  const ids = [...new Set(req.ids)].filter(isUuid);
  if (ids.length === 0) return { users: [] };
  const rows = await deps.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  return { users: rows.map(publicUser) };
}
