import { consumeOnce, type EventEnvelope } from '@caskade/kit';
import { cancelPendingTransfers, decideOrderPayout, reducePendingTransfers } from '../db/payouts';
import { payoutDecisionFor } from '../domain/payout';
import type { PaymentsDeps } from './deps';

/**
 * An order moved (orders.order.transitioned), once per event through the inbox: on completion its
 * supplier's transfer is released (the transfer loop sends it, with one idempotency key per order);
 * on a cancel its unsent transfer is dropped — unless a dispute was settled with a partial refund,
 * when it is released less the refund. The first decision for an order wins, so a redelivered
 * or late event changes nothing. A term order's transfer is made with its charge on the due date,
 * possibly after the order completed: the decision is kept by order and the loop reads it then.
 */
export async function decideOrderPayoutOnTransition(
  deps: PaymentsDeps, consumer: string, event: EventEnvelope<{ orderId: string; toState: string; refundCents?: number; payinTotalCents?: number }>,
): Promise<void> {
  const { refundCents = 0, payinTotalCents = 0 } = event.data;
  const decision = payoutDecisionFor(event.data.toState, { refundCents, payinTotalCents });
  if (!decision || !event.data.orderId) return;
  const partial = decision === 'released' && event.data.toState.startsWith('canceled');
  let released = false;
  await consumeOnce(deps.db, consumer, event, async (trx) => {
    if (!(await decideOrderPayout(trx, event.data.orderId, decision, deps.now()))) return;
    if (decision === 'canceled') await cancelPendingTransfers(trx, event.data.orderId);
    else {
      if (partial) await reducePendingTransfers(trx, event.data.orderId, refundCents);
      released = true;
    }
  });
  if (released) deps.wake.transfers();
}
