/** The conversations repository: every statement on conversations and the orders linked to them. */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { ConversationsTable, Db } from './schema';

export type ConversationRow = Selectable<ConversationsTable>;

export function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The pair's conversation, created when there is none (one per pair: the unique key decides a race). */
export async function findOrCreateConversation(db: Db, buyerId: string, supplierId: string, now: Date): Promise<{ row: ConversationRow; created: boolean }> {
  // Read first: a pair's conversation exists after its first order or message, so this is usually one statement.
  const found = await findPairConversation(db, buyerId, supplierId);
  if (found) return { row: found, created: false };
  const inserted = await db
    .insertInto('conversations')
    .values({ id: randomUUID(), buyer_id: buyerId, supplier_id: supplierId, created_at: now, last_message_at: now })
    .onConflict((oc) => oc.columns(['buyer_id', 'supplier_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  // Created meanwhile by a concurrent call: that one.
  const row = await findPairConversation(db, buyerId, supplierId);
  if (!row) throw new Error('conversation neither inserted nor found');
  return { row, created: false };
}

const findPairConversation = (db: Db, buyerId: string, supplierId: string): Promise<ConversationRow | undefined> =>
  db.selectFrom('conversations').selectAll().where('buyer_id', '=', buyerId).where('supplier_id', '=', supplierId).executeTakeFirst();

export interface ConversationPage {
  userId: string;
  limit: number;
  /** Keyset cursor: the last conversation of the previous page. */
  after?: ConversationRow;
  /** Filter on the other party's name (case-insensitive substring). */
  keyword?: string;
}

const likePattern = (keyword: string): string => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The user's conversations, most recent message first (ties by id), one page. */
export async function listConversations(db: Db, page: ConversationPage): Promise<ConversationRow[]> {
  let q = db
    .selectFrom('conversations as c')
    .selectAll('c')
    .where((eb) => eb.or([eb('c.buyer_id', '=', page.userId), eb('c.supplier_id', '=', page.userId)]));
  if (page.after) {
    const at = page.after.last_message_at;
    const id = page.after.id;
    q = q.where((eb) => eb.or([eb('c.last_message_at', '<', at), eb.and([eb('c.last_message_at', '=', at), eb('c.id', '<', id)])]));
  }
  if (page.keyword) {
    const pattern = likePattern(page.keyword);
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('participants as p')
          .select('p.user_id')
          .whereRef('p.user_id', '=', sql`case when c.buyer_id = ${page.userId} then c.supplier_id else c.buyer_id end`)
          .where('p.status', '=', 'active')
          .where(sql<boolean>`lower(p.name) like ${pattern} escape '\\'`),
      ),
    );
  }
  return q.orderBy('c.last_message_at', 'desc').orderBy('c.id', 'desc').limit(page.limit).execute();
}

/** The user's conversations with a message from the other party it has not seen. */
export async function unseenConversationIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('conversations')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('buyer_id', '=', userId), eb(sql`buyer_incoming_seq`, '>', sql`buyer_seen_seq`)]),
        eb.and([eb('supplier_id', '=', userId), eb(sql`supplier_incoming_seq`, '>', sql`supplier_seen_seq`)]),
      ]),
    )
    .orderBy('last_message_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}

/** A new message: the conversation's last message, and the recipient's incoming position. */
export async function recordMessage(db: Db, c: ConversationRow, senderId: string, seq: string, at: Date, preview: string): Promise<void> {
  const fromBuyer = senderId === c.buyer_id;
  await db
    .updateTable('conversations')
    .set({
      last_message_at: at,
      last_message_preview: preview,
      ...(fromBuyer ? { supplier_incoming_seq: sql`greatest(supplier_incoming_seq, ${seq}::bigint)` } : { buyer_incoming_seq: sql`greatest(buyer_incoming_seq, ${seq}::bigint)` }),
      // The sender has seen its own conversation up to its message.
      ...(fromBuyer ? { buyer_seen_seq: sql`greatest(buyer_seen_seq, ${seq}::bigint)` } : { supplier_seen_seq: sql`greatest(supplier_seen_seq, ${seq}::bigint)` }),
    })
    .where('id', '=', c.id)
    .execute();
}

/** The user has seen everything the other party sent so far. */
export async function markSeen(db: Db, c: ConversationRow, userId: string): Promise<void> {
  await db
    .updateTable('conversations')
    .set(userId === c.buyer_id ? { buyer_seen_seq: sql`buyer_incoming_seq` } : { supplier_seen_seq: sql`supplier_incoming_seq` })
    .where('id', '=', c.id)
    .execute();
}

export async function orderLinks(db: Db, conversationIds: readonly string[]): Promise<Array<{ conversation_id: string; order_id: string; state: string }>> {
  if (conversationIds.length === 0) return [];
  return db.selectFrom('conversation_orders').select(['conversation_id', 'order_id', 'state']).where('conversation_id', 'in', conversationIds).orderBy('updated_at', 'desc').execute();
}

export function findOrderLink(db: Db, orderId: string): Promise<{ conversation_id: string; order_number: string; state: string } | undefined> {
  return db.selectFrom('conversation_orders').select(['conversation_id', 'order_number', 'state']).where('order_id', '=', orderId).executeTakeFirst();
}

/** Links an order to its pair's conversation, keeping its latest state and number. */
export async function linkOrder(db: Db, orderId: string, conversationId: string, orderNumber: string, state: string, now: Date): Promise<void> {
  const values = { conversation_id: conversationId, updated_at: now, ...(orderNumber ? { order_number: orderNumber } : {}), ...(state ? { state } : {}) };
  await db
    .insertInto('conversation_orders')
    .values({ order_id: orderId, order_number: orderNumber, state, ...values })
    .onConflict((oc) => oc.column('order_id').doUpdateSet(values))
    .execute();
}

/** The position of the user's latest message, sent or received (0 for none). */
export async function headSeq(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select(
      sql<string | number | null>`max(case when buyer_id = ${userId} then greatest(buyer_incoming_seq, buyer_seen_seq) else greatest(supplier_incoming_seq, supplier_seen_seq) end)`.as('head'),
    )
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('supplier_id', '=', userId)]))
    .executeTakeFirst();
  return Number(row?.head ?? 0);
}
