import type { identity } from '@caskade/proto';
import type { UserRow } from '../db/users';
import { abbreviatedName, displayName } from '../domain/user';

/** The account as its owner sees it. */
export function toUser(row: UserRow): identity.User {
  const p = row.profile;
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    role: row.role,
    scopes: row.scopes,
    banned: row.banned,
    createdAt: row.created_at.toISOString(),
    profile: { ...p, displayName: displayName(p), abbreviatedName: abbreviatedName(p) },
  };
}

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
