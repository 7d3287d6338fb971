/**
 * When a supplier is paid (pure): a transfer is held from the payment until its order ends. An order
 * that completes releases its transfer; one that is canceled drops it (the buyer is refunded
 * instead). Every other state leaves the transfer held. The states are the orders processes'
 * (completed, completed-multi-vendor; canceled, canceled-delayed-payment, canceled-multi-vendor…).
 */
export type PayoutDecision = 'released' | 'canceled';

export function payoutDecisionFor(toState: string, settlement?: { refundCents: number; payinTotalCents: number }): PayoutDecision | null {
  if (toState.startsWith('completed')) return 'released';
  // A dispute settled by refunding only part: the buyer keeps the rest of the goods, so the supplier is paid what the refund leaves.
  if (toState.startsWith('canceled') && settlement && settlement.refundCents > 0 && settlement.refundCents < settlement.payinTotalCents) return 'released';
  if (toState.startsWith('canceled')) return 'canceled';
  return null;
}

/** What a supplier receives after a partial refund: its payout less the refund, never below zero. */
export const payoutAfterRefund = (payoutCents: number, refundCents: number): number => Math.max(0, payoutCents - Math.max(0, refundCents));

/**
 * What a supplier is paid for one order as the order stands (the sale page's payout line): nothing
 * for an order never paid or canceled with a full refund (the order's payout status `none`), the
 * payout less a partial refund, otherwise the order's payout total.
 */
export function supplierPayoutCents(order: { payoutStatus: string; refundedCents: number; priced?: { payoutTotalCents: number } | null | undefined }): number {
  if (order.payoutStatus === 'none' || !order.priced) return 0;
  return payoutAfterRefund(order.priced.payoutTotalCents, order.refundedCents);
}
