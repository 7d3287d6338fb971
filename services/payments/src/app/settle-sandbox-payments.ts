import { PollLoop, withTransaction } from '@caskade/kit';
import { lockPayment } from '../db/payments';
import type { PaymentsDeps } from './deps';
import { changeStatus } from './status-change';

/**
 * Sandbox: settles processing BECS debits whose time has come (timer rows in sandbox_settlements,
 * so a restart loses none). Each row is claimed with FOR UPDATE SKIP LOCKED and deleted in the
 * transaction that settles its payment: any number of replicas settle each debit once.
 */
export async function settleSandboxPayments(deps: PaymentsDeps, batch = 50): Promise<{ settled: number; more: boolean }> {
  const due = await deps.db.selectFrom('sandbox_settlements').select('payment_id').where('due_at', '<=', deps.now()).orderBy('due_at').limit(batch).execute();
  let settled = 0;
  let succeeded = false;
  for (const { payment_id } of due) {
    const done = await withTransaction(deps.db, async (trx) => {
      const timer = await trx.selectFrom('sandbox_settlements').selectAll().where('payment_id', '=', payment_id).where('due_at', '<=', deps.now()).forUpdate().skipLocked().executeTakeFirst();
      if (!timer) return false;
      await trx.deleteFrom('sandbox_settlements').where('payment_id', '=', payment_id).execute();
      const payment = await lockPayment(trx, payment_id);
      // A later attempt or another change has overtaken this debit: the timer just goes.
      if (!payment || payment.status !== 'processing' || payment.attempt !== timer.attempt) return false;
      await changeStatus(deps, trx, payment, timer.status, 'settle', { failure_code: timer.failure_code, failure_message: timer.failure_message });
      if (timer.status === 'succeeded') succeeded = true;
      return true;
    }).catch((err: unknown) => {
      deps.logger.warn({ err, paymentId: payment_id }, 'could not settle a sandbox debit; trying again');
      return false;
    });
    if (done) settled += 1;
  }
  if (settled > 0) deps.eventsWritten();
  if (succeeded) deps.wake.transfers();
  return { settled, more: settled > 0 && due.length === batch };
}

export function startSettlementLoop(deps: PaymentsDeps, everyMs: number): PollLoop {
  const loop = new PollLoop({ name: 'sandbox settlements', logger: deps.logger, pollMs: everyMs, pass: async () => ({ more: (await settleSandboxPayments(deps)).more }) });
  loop.start();
  return loop;
}
