/** The messages repository: every statement on messages. */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db, MessagesTable } from './schema';

export type MessageRow = Omit<Selectable<MessagesTable>, 'seq'> & { seq: string };

const asRow = (r: Selectable<MessagesTable>): MessageRow => ({ ...r, seq: String(r.seq) });

export interface NewMessage {
  conversationId: string;
  senderId: string;
  content: string;
  kind: MessagesTable['kind'];
  transactionId: string | null;
  dedupKey: string | null;
}

/** Inserts a message; a platform message whose dedup key was used before is not inserted again (undefined). */
export async function insertMessage(db: Db, m: NewMessage, now: Date): Promise<MessageRow | undefined> {
  const row = await db
    .insertInto('messages')
    .values({ id: randomUUID(), conversation_id: m.conversationId, sender_id: m.senderId, content: m.content, kind: m.kind, transaction_id: m.transactionId, dedup_key: m.dedupKey, created_at: now })
    .onConflict((oc) => oc.column('dedup_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? asRow(row) : undefined;
}

/** One page of a conversation's messages, newest first, and how many there are. */
export async function pageOfMessages(db: Db, conversationId: string, page: number, perPage: number): Promise<{ rows: MessageRow[]; total: number }> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('seq', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const count = await db.selectFrom('messages').select(sql<number>`count(*)::int`.as('n')).where('conversation_id', '=', conversationId).executeTakeFirstOrThrow();
  return { rows: rows.map(asRow), total: count.n };
}

/** The user's messages (in its conversations) after a position, oldest first. */
export async function messagesSince(db: Db, userId: string, afterSeq: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .selectAll('m')
    .where((eb) => eb.or([eb('c.buyer_id', '=', userId), eb('c.supplier_id', '=', userId)]))
    .where(sql<boolean>`m.seq > ${afterSeq}::bigint`)
    .orderBy('m.seq', 'asc')
    .limit(limit)
    .execute();
  return rows.map(asRow);
}
