import type { identity } from '@caskade/proto';
import type { UserRow } from '../db/users';
import { hasLiquorLicence } from '../domain/liquor-licence';
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

/**
 * A user's public view; a banned or deleted user comes back flagged, with no personal details.
 * Whether a liquor licence is on file is told only when asked (`withLiquorLicence`: checkout).
 */
export function publicUser(r: UserRow, withLiquorLicence = false): identity.PublicUser {
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
    abnAcn: '',
    email: '',
    liquorLicenceOnFile: withLiquorLicence && !hidden && hasLiquorLicence(r.profile),
  };
}

/** The ABN or ACN on file, told only when asked (the orders service's tax invoices), never for a banned or deleted user. */
export const abnOf = (r: UserRow, asked: boolean): string => (asked && !r.banned && r.deleted_at === null ? r.profile.abnAcn : '');
/** The account's email, told only when a service asks (notifications' order emails), never for a deleted user. */
export const emailOf = (r: UserRow, asked: boolean): string => (asked && r.deleted_at === null ? r.email : '');
