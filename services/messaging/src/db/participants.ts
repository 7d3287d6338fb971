/** The participants repository: the names and account states messaging shows (kept from identity's events). */
import { sql, type Selectable } from 'kysely';
import type { Db, ParticipantsTable } from './schema';

export type ParticipantRow = Selectable<ParticipantsTable>;

export function findParticipants(db: Db, ids: readonly string[]): Promise<ParticipantRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('participants').selectAll().where('user_id', 'in', ids).execute();
}

/** Insert a participant first heard of (a known one keeps what the events told). */
export async function addParticipant(db: Db, p: Pick<ParticipantRow, 'user_id' | 'role' | 'name' | 'status'>, now: Date): Promise<void> {
  await db
    .insertInto('participants')
    .values({ ...p, name_version: 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** A name from identity at an aggregate version: applied only when newer than the one kept. */
export async function applyName(db: Db, userId: string, role: string, name: string, version: number, now: Date): Promise<void> {
  await db
    .insertInto('participants')
    .values({ user_id: userId, role, name, status: 'active', name_version: version, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ name, name_version: version, updated_at: now }).where(sql<boolean>`participants.name_version <= ${version}`),
    )
    .execute();
}

/** The name the caller set for itself (PUT /api/messages/user-name). */
export async function setName(db: Db, userId: string, name: string, now: Date): Promise<number> {
  const r = await db.updateTable('participants').set({ name, updated_at: now }).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function setStatus(db: Db, userId: string, status: ParticipantRow['status'], now: Date): Promise<void> {
  await db.updateTable('participants').set({ status, updated_at: now }).where('user_id', '=', userId).execute();
}
