/**
 * The checkout saga's orders: a pay-now order is written already moved to its pending-payment
 * state, with the activity row of that first transition, in one statement (instead of an insert in
 * `initial`, a conditional update and the activity insert). The row is only ever seen moved: the
 * saga writes it in a transaction, so `initial` at version 1 was never visible to anyone.
 */
import { sql, type Transaction } from 'kysely';
import type { OrdersDB } from './schema';
import type { NewOrder, OrderRow } from './orders';

/** The first transition of a new order (from `initial`). */
export interface FirstMove {
  transition: string;
  actor: string;
  actorId: string;
  to: string;
  paymentStatus: string;
  /** The activity row's note (an enquiry's first message). */
  note?: string;
}

/** The new order after its first transition (version 2), or null when its order number is taken (the caller draws another). */
export async function insertMovedOrder(trx: Transaction<OrdersDB>, o: NewOrder, m: FirstMove): Promise<OrderRow | null> {
  const row = await trx
    .with('created', (qb) =>
      qb
        .insertInto('orders')
        .values({
          id: o.id, checkout_id: o.checkoutId, order_number: o.orderNumber, buyer_id: o.buyerId, buyer_name: o.buyerName, supplier_id: o.supplierId,
          supplier_name: o.supplierName, process_name: o.processName, state: m.to, last_transition: m.transition, last_transitioned_at: o.now,
          priced: JSON.stringify(o.priced), lines: JSON.stringify(o.lines), payin_total_cents: o.priced.payinTotalCents, payout_total_cents: o.priced.payoutTotalCents,
          payment_term: o.paymentTerm, payment_status: m.paymentStatus, payment_due_at: null, delivery_address: o.deliveryAddress ? JSON.stringify(o.deliveryAddress) : null, version: 2, created_at: o.now,
        })
        .onConflict((oc) => oc.column('order_number').doNothing())
        .returningAll(),
    )
    .with('activity', (qb) =>
      qb
        .insertInto('order_transitions')
        .columns(['order_id', 'transition', 'actor', 'actor_id', 'from_state', 'to_state', 'note', 'at'])
        .expression((eb) =>
          eb.selectFrom('created').select([
            'created.id',
            sql<string>`${m.transition}::text`.as('transition'),
            sql<string>`${m.actor}::text`.as('actor'),
            sql<string>`${m.actorId}::text`.as('actor_id'),
            sql<string>`'initial'`.as('from_state'),
            'created.state',
            sql<string>`${m.note ?? ''}::text`.as('note'),
            'created.last_transitioned_at',
          ]),
        )
        .returning('order_transitions.id'),
    )
    .selectFrom('created')
    .selectAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Paying for an enquiry (request-payment-after-enquiry): the buyer's order in `enquiry` becomes the
 * checkout's order, with the checkout's lines, prices, delivery address and payment, moved to its
 * pending-payment state with the activity row — one conditional update (state and buyer), so two
 * checkouts racing for one enquiry take it once. Null when it is no longer the buyer's enquiry.
 */
export async function takeOverEnquiry(
  trx: Transaction<OrdersDB>,
  enquiryId: string,
  o: Pick<NewOrder, 'checkoutId' | 'buyerId' | 'priced' | 'lines' | 'paymentTerm' | 'deliveryAddress' | 'now'>,
  m: FirstMove,
): Promise<OrderRow | null> {
  const row = await trx
    .updateTable('orders')
    .set({
      checkout_id: o.checkoutId, state: m.to, last_transition: m.transition, last_transitioned_at: o.now, priced: JSON.stringify(o.priced), lines: JSON.stringify(o.lines),
      payin_total_cents: o.priced.payinTotalCents, payout_total_cents: o.priced.payoutTotalCents, payment_term: o.paymentTerm, payment_status: m.paymentStatus,
      delivery_address: o.deliveryAddress ? JSON.stringify(o.deliveryAddress) : null, version: sql<number>`version + 1`,
    })
    .where('id', '=', enquiryId)
    .where('buyer_id', '=', o.buyerId)
    .where('state', '=', 'enquiry')
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await trx
    .insertInto('order_transitions')
    .values({ order_id: row.id, transition: m.transition, actor: m.actor, actor_id: m.actorId, from_state: 'enquiry', to_state: row.state, note: '', at: o.now })
    .execute();
  return row;
}
