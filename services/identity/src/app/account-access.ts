import { AppError, invalidParams, LIMITED_ACCESS_REASON } from '@caskade/kit';
import type { Kysely } from 'kysely';
import type { IdentityDB } from '../db/schema';
import { findActiveUser, type UserRow } from '../db/users';
import { hasLimitedAccess } from '../domain/user';
import type { IdentityDeps } from './deps';

/**
 * The calling user, locked for the rest of the transaction when `forUpdate`. A deleted account is
 * no caller at all (401); a banned one is refused (403) even while its access token is still valid.
 */
export async function loadActiveUser(db: Kysely<IdentityDB>, userId: string, forUpdate = false): Promise<UserRow> {
  const row = await findActiveUser(db, userId, forUpdate);
  if (!row) throw new AppError('auth-unauthenticated');
  if (row.banned) throw new AppError('forbidden', { reason: 'user-banned' });
  return row;
}

/** Account-changing calls (password, email, deletion, user type) are not open to a limited-access login. */
export function requireFullAccess(row: UserRow): void {
  if (hasLimitedAccess(row.scopes)) throw new AppError('forbidden', { reason: LIMITED_ACCESS_REASON });
}

export async function requirePassword(deps: IdentityDeps, row: UserRow, password: string, field = 'currentPassword'): Promise<void> {
  if (!(await deps.passwords.verify(row.password_hash, password))) {
    throw invalidParams({ [field]: 'validation.passwordIncorrect' });
  }
}
