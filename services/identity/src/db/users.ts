/**
 * The users repository: every statement on the users table.
 */
import type { ExpressionBuilder, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ProfileData } from '../domain/user';
import type { IdentityDB, UsersTable } from './schema';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Omit<Insertable<UsersTable>, 'profile'> & { profile: ProfileData };
type Db = Kysely<IdentityDB>;
type Trx = Transaction<IdentityDB>;

/** Every change counts as a new version of the account. */
const changed = (now: Date) => (eb: ExpressionBuilder<IdentityDB, 'users'>) => ({ updated_at: now, version: eb('version', '+', 1) });

const toRow = (user: NewUser): Insertable<UsersTable> => ({ ...user, profile: JSON.stringify(user.profile) });

/** A live (not deleted) account by id; locked for the rest of the transaction when `forUpdate`. */
export async function findActiveUser(db: Db, id: string, forUpdate = false): Promise<UserRow | undefined> {
  let q = db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A live account by its (normalised) email. */
export function findActiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Accounts by id, deleted ones included. */
export function findUsers(db: Db, ids: string[]): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

export function insertUser(trx: Trx, user: NewUser): Promise<UserRow> {
  return trx.insertInto('users').values(toRow(user)).returningAll().executeTakeFirstOrThrow();
}

/** Inserts unless the id or a unique key is already taken (seeding is repeatable); undefined when nothing was inserted. */
export function insertUserUnlessPresent(trx: Trx, user: NewUser): Promise<UserRow | undefined> {
  return trx.insertInto('users').values(toRow(user)).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
}

/** Sets a new, unverified login email, only while the password is still `passwordHash` (the one the caller proved). */
export function setEmail(trx: Trx, id: string, change: { email: string; passwordHash: string; now: Date }): Promise<UserRow | undefined> {
  return trx
    .updateTable('users')
    .set((eb) => ({ email: change.email, email_verified: false, ...changed(change.now)(eb) }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('password_hash', '=', change.passwordHash)
    .returningAll()
    .executeTakeFirst();
}

/** Replaces the password of a live, unbanned account whose hash is still `expectedHash`. */
export function replacePassword(trx: Trx, id: string, change: { expectedHash: string; newHash: string; now: Date }): Promise<UserRow | undefined> {
  return trx
    .updateTable('users')
    .set((eb) => ({ password_hash: change.newHash, ...changed(change.now)(eb) }))
    .where('id', '=', id)
    .where('password_hash', '=', change.expectedHash)
    .where('deleted_at', 'is', null)
    .where('banned', '=', false)
    .returningAll()
    .executeTakeFirst();
}

/** A reset link proves the address: the new password is set and the email counts as verified. False when the account no longer has that email. */
export async function setPasswordFromReset(trx: Trx, id: string, change: { email: string; newHash: string; now: Date }): Promise<boolean> {
  const res = await trx
    .updateTable('users')
    .set((eb) => ({ password_hash: change.newHash, email_verified: true, ...changed(change.now)(eb) }))
    .where('id', '=', id)
    .where('email', '=', change.email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** Marks `email` verified while it is still the live account's email. */
export function markEmailVerified(trx: Trx, id: string, email: string, now: Date): Promise<UserRow | undefined> {
  return trx
    .updateTable('users')
    .set((eb) => ({ email_verified: true, ...changed(now)(eb) }))
    .where('id', '=', id)
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Deletion keeps the row (as "Deleted user") with personal data wiped; undefined when it was already deleted. */
export function markDeleted(trx: Trx, id: string, wiped: { email: string; profile: ProfileData; now: Date }): Promise<UserRow | undefined> {
  return trx
    .updateTable('users')
    .set((eb) => ({
      email: wiped.email,
      email_verified: false,
      password_hash: '!',
      profile: JSON.stringify(wiped.profile),
      brand_key: null,
      business_key: null,
      deleted_at: wiped.now,
      ...changed(wiped.now)(eb),
    }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function setBanned(trx: Trx, id: string, banned: boolean, now: Date): Promise<UserRow> {
  return trx.updateTable('users').set((eb) => ({ banned, ...changed(now)(eb) })).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function setRole(trx: Trx, id: string, role: UserRow['role'], now: Date): Promise<UserRow> {
  return trx.updateTable('users').set((eb) => ({ role, ...changed(now)(eb) })).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Saves the profile with the name keys derived from it. */
export function saveProfile(trx: Trx, id: string, update: { profile: ProfileData; brandKey: string | null; businessKey: string | null; now: Date }): Promise<UserRow> {
  return trx
    .updateTable('users')
    .set((eb) => ({ profile: JSON.stringify(update.profile), brand_key: update.brandKey, business_key: update.businessKey, ...changed(update.now)(eb) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Raises the account's session version (every session revoked, ADR 023); returns the new version. */
export async function raiseSessionVersion(trx: Trx, id: string): Promise<number> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', id)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  return row.session_version;
}
