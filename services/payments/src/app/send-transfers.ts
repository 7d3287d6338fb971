import { PollLoop, withTransaction } from '@caskade/kit';
import { sql } from 'kysely';
import type { PaymentsDeps } from './deps';

/** A transfer that could not be sent waits this long times 2^(attempts-1), at most an hour. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

/**
 * Sends what each supplier is owed from succeeded payments (separate charges and transfers) once the
 * order completed (order_payouts released, decide-order-payout.ts): each pending row is claimed with
 * FOR UPDATE SKIP LOCKED, sent with an idempotency key of its own (one per order), and marked sent.
 * A supplier without a payout account, or a failed call, waits and is tried again.
 */
export async function sendTransfers(deps: PaymentsDeps, batch = 50): Promise<{ sent: number; more: boolean }> {
  const due = await deps.db
    .selectFrom('payment_transfers as t')
    .innerJoin('payments as p', 'p.id', 't.payment_id')
    .innerJoin('order_payouts as o', 'o.order_id', 't.order_id')
    .select(['t.payment_id', 't.supplier_id', 't.order_id'])
    .where('t.state', '=', 'pending')
    .where('p.status', '=', 'succeeded')
    .where('o.decision', '=', 'released')
    .where('t.next_attempt_at', '<=', deps.now())
    .orderBy('t.next_attempt_at')
    .limit(batch)
    .execute();
  let sent = 0;
  for (const key of due) {
    const done = await withTransaction(deps.db, async (trx) => {
      const row = await trx
        .selectFrom('payment_transfers')
        .selectAll()
        .where('payment_id', '=', key.payment_id)
        .where('supplier_id', '=', key.supplier_id)
        .where('order_id', '=', key.order_id)
        .where('state', '=', 'pending')
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return false;
      const payment = await trx.selectFrom('payments').select('provider_ref').where('id', '=', row.payment_id).executeTakeFirstOrThrow();
      const account = await trx.selectFrom('payout_accounts').select('account_id').where('supplier_id', '=', row.supplier_id).where('payouts_enabled', '=', true).executeTakeFirst();
      const where = (q: ReturnType<typeof trx.updateTable<'payment_transfers'>>) =>
        q.where('payment_id', '=', row.payment_id).where('supplier_id', '=', row.supplier_id).where('order_id', '=', row.order_id);
      try {
        if (!account) throw new Error('the supplier has no payout account able to receive transfers');
        const { transferRef } = await deps.provider.transfer({
          idempotencyKey: `transfer:${row.payment_id}:${row.supplier_id}:${row.order_id}`,
          amountCents: row.amount_cents,
          destination: account.account_id,
          transferGroup: row.payment_id,
          providerRef: payment.provider_ref,
        });
        await where(trx.updateTable('payment_transfers')).set({ state: 'sent', provider_ref: transferRef, last_error: null }).execute();
        return true;
      } catch (err) {
        const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** row.attempts);
        await where(trx.updateTable('payment_transfers'))
          .set({ attempts: sql`attempts + 1`, last_error: err instanceof Error ? err.message.slice(0, 500) : String(err), next_attempt_at: new Date(deps.now().getTime() + wait) })
          .execute();
        deps.logger.warn({ err, paymentId: row.payment_id, supplierId: row.supplier_id }, 'transfer not sent; trying again later');
        return false;
      }
    });
    if (done) sent += 1;
  }
  return { sent, more: sent > 0 && due.length === batch };
}

export function startTransferLoop(deps: PaymentsDeps, everyMs: number): PollLoop {
  const loop = new PollLoop({ name: 'transfers', logger: deps.logger, pollMs: everyMs, pass: async () => ({ more: (await sendTransfers(deps)).more }) });
  loop.start();
  return loop;
}
