/** Suppliers' payouts: every statement on order_payouts and on transfers by order or supplier. */
import { sql, type Kysely, type Transaction } from 'kysely';
import { payoutAfterRefund, type PayoutDecision } from '../domain/payout';
import type { PaymentsDB } from './schema';

type Db = Kysely<PaymentsDB> | Transaction<PaymentsDB>;

/** Records how the order ended for its payout unless it is recorded already (the first decision wins); false when it was. */
export async function decideOrderPayout(trx: Transaction<PaymentsDB>, orderId: string, decision: PayoutDecision, now: Date): Promise<boolean> {
  const row = await trx
    .insertInto('order_payouts')
    .values({ order_id: orderId, decision, decided_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A canceled order's transfers that were not sent are dropped; how many. */
export async function cancelPendingTransfers(trx: Transaction<PaymentsDB>, orderId: string): Promise<number> {
  const out = await trx.updateTable('payment_transfers').set({ state: 'canceled' }).where('order_id', '=', orderId).where('state', '=', 'pending').executeTakeFirst();
  return Number(out.numUpdatedRows);
}

/** A partly refunded order's unsent transfer is cut by the refund (dropped when nothing is left); how many. */
export async function reducePendingTransfers(trx: Transaction<PaymentsDB>, orderId: string, refundCents: number): Promise<number> {
  const rows = await trx.selectFrom('payment_transfers').select(['payment_id', 'supplier_id', 'amount_cents']).where('order_id', '=', orderId).where('state', '=', 'pending').execute();
  for (const r of rows) {
    const left = payoutAfterRefund(Number(r.amount_cents), refundCents);
    await trx
      .updateTable('payment_transfers')
      .set(left > 0 ? { amount_cents: left } : { state: 'canceled' })
      .where('order_id', '=', orderId).where('payment_id', '=', r.payment_id).where('supplier_id', '=', r.supplier_id).where('state', '=', 'pending')
      .execute();
  }
  return rows.length;
}

/** A supplier's transfers sent (paid out) and released but not sent yet (pending), in cents. */
export async function payoutTotals(db: Db, supplierId: string): Promise<{ paidOutCents: number; pendingCents: number }> {
  const row = await db
    .selectFrom('payment_transfers as t')
    .leftJoin('order_payouts as o', 'o.order_id', 't.order_id')
    .select([
      sql<string>`coalesce(sum(t.amount_cents) filter (where t.state = 'sent'), 0)`.as('paid_out'),
      sql<string>`coalesce(sum(t.amount_cents) filter (where t.state = 'pending' and o.decision = 'released'), 0)`.as('pending'),
    ])
    .where('t.supplier_id', '=', supplierId)
    .executeTakeFirstOrThrow();
  return { paidOutCents: Number(row.paid_out), pendingCents: Number(row.pending) };
}
