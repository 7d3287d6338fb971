/** Every statement on orders and their transitions (the activity). */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { OrdersDB, OrdersTable, OrderTransitionsTable } from './schema';
import type { Address, OrderLineRecord, PricedOrderRecord } from './records';
import type { Db } from './checkouts';
import { PROCESS_NAMES, pendingPaymentState } from '../domain/processes';

export type OrderRow = Selectable<OrdersTable>;
export type TransitionRow = Selectable<OrderTransitionsTable>;

export interface NewOrder {
  id: string;
  /** Null for an enquiry (no checkout yet). */
  checkoutId: string | null;
  orderNumber: string;
  buyerId: string;
  buyerName: string;
  supplierId: string;
  supplierName: string;
  processName: 'release-1' | 'multi-vendor';
  priced: PricedOrderRecord;
  lines: OrderLineRecord[];
  paymentTerm: OrdersTable['payment_term'];
  /** A term order's: the method its due date charges ('' or absent: the buyer's default then). */
  termPaymentMethodId?: string;
  /** Null for an enquiry: the address comes with the payment. */
  deliveryAddress: Address | null;
  now: Date;
}

/** The new order, or null when its order number is taken (the caller draws another). */
export async function insertOrder(trx: Transaction<OrdersDB>, o: NewOrder): Promise<OrderRow | null> {
  const row = await trx
    .insertInto('orders')
    .values({
      id: o.id, checkout_id: o.checkoutId, order_number: o.orderNumber, buyer_id: o.buyerId, buyer_name: o.buyerName, supplier_id: o.supplierId,
      supplier_name: o.supplierName, process_name: o.processName, state: 'initial', last_transition: '', last_transitioned_at: null,
      priced: JSON.stringify(o.priced), lines: JSON.stringify(o.lines), payin_total_cents: o.priced.payinTotalCents, payout_total_cents: o.priced.payoutTotalCents,
      payment_term: o.paymentTerm, term_payment_method_id: o.paymentTerm === 'none' ? '' : (o.termPaymentMethodId ?? ''), payment_status: '', payment_due_at: null,
      delivery_address: o.deliveryAddress ? JSON.stringify(o.deliveryAddress) : null, created_at: o.now,
    })
    .onConflict((oc) => oc.column('order_number').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export const findOrder = (db: Db, id: string): Promise<OrderRow | undefined> => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

export const ordersOfCheckout = (db: Db, checkoutId: string): Promise<OrderRow[]> =>
  db.selectFrom('orders').selectAll().where('checkout_id', '=', checkoutId).orderBy('supplier_name').orderBy('id').execute();

export interface Move {
  transition: string;
  actor: string;
  actorId: string;
  to: string;
  now: Date;
  note?: string;
  paymentStatus?: string;
  paymentDueAt?: Date | null;
  /** After purchase: a dispute's reason, a cancel's refund, the payout's state. */
  disputeReason?: string;
  refundCents?: number;
  payoutStatus?: string;
}

/**
 * Run one transition on an order that is still in `from` at `version` (one transition at a time:
 * a racing one finds the version moved and changes nothing). Records the activity. The row after
 * the change, or null when the order had moved on.
 */
export async function moveOrder(trx: Transaction<OrdersDB>, order: Pick<OrderRow, 'id' | 'state' | 'version'>, m: Move): Promise<OrderRow | null> {
  const row = await trx
    .updateTable('orders')
    .set({
      state: m.to, last_transition: m.transition, last_transitioned_at: m.now, version: order.version + 1,
      ...(m.paymentStatus !== undefined ? { payment_status: m.paymentStatus } : {}),
      ...(m.paymentDueAt !== undefined ? { payment_due_at: m.paymentDueAt } : {}),
      ...(m.disputeReason !== undefined ? { dispute_reason: m.disputeReason } : {}),
      ...(m.refundCents !== undefined ? { refund_cents: m.refundCents } : {}),
      ...(m.payoutStatus !== undefined ? { payout_status: m.payoutStatus } : {}),
    })
    .where('id', '=', order.id)
    .where('state', '=', order.state)
    .where('version', '=', order.version)
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await trx
    .insertInto('order_transitions')
    .values({ order_id: order.id, transition: m.transition, actor: m.actor, actor_id: m.actorId, from_state: order.state, to_state: m.to, note: m.note ?? '', at: m.now })
    .execute();
  return row;
}

/**
 * The payment's latest status on a checkout's pay-now orders while they wait for it. An order that
 * has moved on (purchased: succeeded; ended: canceled; refunded) keeps its status: a status read
 * before that move and written after it (a late event, a slow saga) changes nothing. The condition
 * is on the order row itself, so a concurrent move is re-checked on its committed version.
 */
export async function setPaymentStatus(db: Db, checkoutId: string, status: string): Promise<void> {
  await db.updateTable('orders').set({ payment_status: status })
    .where('checkout_id', '=', checkoutId).where('payment_term', '=', 'none')
    .where('state', 'in', PROCESS_NAMES.map(pendingPaymentState))
    .where('payment_status', 'not in', ['succeeded', 'canceled', 'refunded'])
    .execute();
}

export const transitionsOf = (db: Db, orderId: string): Promise<TransitionRow[]> =>
  db.selectFrom('order_transitions').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export interface OrderQuery {
  party?: { column: 'buyer_id' | 'supplier_id'; id: string };
  /** Any of these states (a state, or a group of them). */
  states?: string[];
  search?: string;
  awaitingBankTransfer?: boolean;
  page: number;
  perPage: number;
}

/** A page of orders (newest first), never orders that have not started (state initial). */
export async function queryOrders(db: Db, q: OrderQuery): Promise<{ rows: OrderRow[]; total: number }> {
  let base = db.selectFrom('orders').where('state', '<>', 'initial');
  if (q.party) base = base.where(q.party.column, '=', q.party.id);
  if (q.states) base = base.where('state', 'in', q.states);
  if (q.awaitingBankTransfer) base = base.where('payment_status', '=', 'awaiting_transfer');
  if (q.search) {
    const term = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('order_number', 'ilike', term), eb('buyer_name', 'ilike', term), eb('supplier_name', 'ilike', term)]));
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(q.perPage).offset((q.page - 1) * q.perPage).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

/** A term order's charge: its payment status (pending, processing, paid, failed). */
export async function setOrderPaymentStatus(db: Db, orderId: string, status: string): Promise<void> {
  // A term order's payment that succeeded is final (a succeeded payment is never charged again) and
  // a refund comes after it: an earlier status arriving late (the declined card's event delivered
  // after Pay now with another card answered paid) must not make a paid order look failed again.
  const after = status === 'paid' ? ['refunded'] : ['paid', 'refunded'];
  await db.updateTable('orders').set({ payment_status: status }).where('id', '=', orderId).where('payment_term', '<>', 'none').where('payment_status', 'not in', after).execute();
}

/** A cancel's refund went through: record it once (a redelivered event finds it recorded). */
export async function recordRefund(db: Db, orderId: string, cents: number): Promise<boolean> {
  const out = await db.updateTable('orders').set({ refunded_cents: cents, payment_status: 'refunded' }).where('id', '=', orderId).where('refunded_cents', '=', 0).executeTakeFirst();
  return Number(out.numUpdatedRows) > 0;
}
