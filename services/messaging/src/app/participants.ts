import { AppError } from '@caskade/kit';
import { addParticipant, findParticipants, type ParticipantRow } from '../db/participants';
import type { Db } from '../db/schema';
import type { MessagingDeps } from './deps';

/**
 * The participants named, from messaging's own records, asking identity for those it has not
 * heard of yet (and keeping them). An id identity does not know is refused as not found.
 */
export async function ensureParticipants(deps: MessagingDeps, db: Db, ids: readonly string[]): Promise<Map<string, ParticipantRow>> {
  const known = new Map((await findParticipants(db, ids)).map((p) => [p.user_id, p]));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const found = await deps.directory.getUsers(missing);
    for (const u of found) {
      if (u.role !== 'buyer' && u.role !== 'supplier') continue;
      const row = { user_id: u.id, role: u.role, name: u.name, status: u.deleted ? 'deleted' : u.banned ? 'banned' : 'active' } as const;
      await addParticipant(db, row, deps.now());
    }
    for (const p of await findParticipants(db, missing)) known.set(p.user_id, p);
  }
  for (const id of ids) if (!known.has(id)) throw new AppError('not-found', { resource: 'user' });
  return known;
}
