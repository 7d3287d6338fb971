/**
 * When a supplier is paid (pure): a transfer is held from the payment until its order ends. An order
 * that completes releases its transfer; one that is canceled drops it (the buyer is refunded
 * instead). Every other state leaves the transfer held. The states are the orders processes'
 * (completed, completed-multi-vendor; canceled, canceled-delayed-payment, canceled-multi-vendor…).
 */
export type PayoutDecision = 'released' | 'canceled';

export function payoutDecisionFor(toState: string): PayoutDecision | null {
  if (toState.startsWith('completed')) return 'released';
  if (toState.startsWith('canceled')) return 'canceled';
  return null;
}
