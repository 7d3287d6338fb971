import { enqueueEvent } from '@caskade/kit';
import type { Transaction } from 'kysely';
import type { OrdersDB } from '../db/schema';
import type { OrderRow } from '../db/orders';
import { OrderTransitioned } from '../events/registry';

/** What a transition adds to its event beyond the order itself. */
export interface TransitionExtras {
  actorId?: string;
  reason?: string;
  refundCents?: number;
  paymentId?: string;
}

/** The event of one transition, in the transaction that made it. */
export async function orderTransitioned(trx: Transaction<OrdersDB>, row: OrderRow, from: string, actor: string, extras: TransitionExtras = {}): Promise<void> {
  await enqueueEvent(trx, OrderTransitioned, {
    aggregateId: row.id,
    aggregateVersion: row.version,
    data: {
      orderId: row.id, orderNumber: row.order_number, checkoutId: row.checkout_id ?? '', customerId: row.buyer_id, providerId: row.supplier_id,
      processName: row.process_name, transition: row.last_transition, fromState: from, toState: row.state, actor,
      payinTotalCents: row.payin_total_cents, payoutTotalCents: row.payout_total_cents,
      reason: extras.reason ?? '', refundCents: extras.refundCents ?? 0, paymentTerm: row.payment_term, paymentId: extras.paymentId ?? paymentIdOf(row), actorId: extras.actorId ?? '',
    },
  });
}

/**
 * The payment that paid the order: a term order's own charge (payment id = order id) once it is
 * paid, otherwise the checkout's payment (payment id = checkout id); empty while nothing is paid.
 */
export function paymentIdOf(row: Pick<OrderRow, 'id' | 'checkout_id' | 'payment_term' | 'payment_status'>): string {
  if (row.payment_term !== 'none') return row.payment_status === 'paid' ? row.id : '';
  return row.payment_status === 'succeeded' ? (row.checkout_id ?? '') : '';
}
