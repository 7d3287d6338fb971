import { enqueueEvent } from '@caskade/kit';
import type { Transaction } from 'kysely';
import type { OrdersDB } from '../db/schema';
import type { OrderRow } from '../db/orders';
import { OrderTransitioned } from '../events/registry';

/** The event of one transition, in the transaction that made it. */
export async function orderTransitioned(trx: Transaction<OrdersDB>, row: OrderRow, from: string, actor: string): Promise<void> {
  await enqueueEvent(trx, OrderTransitioned, {
    aggregateId: row.id,
    aggregateVersion: row.version,
    data: {
      orderId: row.id, orderNumber: row.order_number, checkoutId: row.checkout_id, customerId: row.buyer_id, providerId: row.supplier_id,
      processName: row.process_name, transition: row.last_transition, fromState: from, toState: row.state, actor,
      payinTotalCents: row.payin_total_cents, payoutTotalCents: row.payout_total_cents,
    },
  });
}
