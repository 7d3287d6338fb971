import type { orders } from '@caskade/proto';
import type { StandingOrderRow } from '../db/standing-orders';
import { noticeAt } from '../domain/standing-orders';
import { orderLineView } from './views';

/** A standing order as the API answers it (the lines as last ordered; each run prices them anew). */
export function standingOrderView(row: StandingOrderRow): orders.StandingOrder {
  return {
    id: row.id,
    sourceOrderId: row.source_order_id,
    supplier: { id: row.supplier_id, name: row.supplier_name },
    lines: row.lines.map(orderLineView),
    paymentMethodId: row.payment_method_id,
    intervalWeeks: row.interval_weeks,
    paused: row.paused,
    nextRunAt: row.next_run_at.toISOString(),
    nextNoticeAt: noticeAt(row.next_run_at).toISOString(),
    lastRunAt: row.last_run_at?.toISOString() ?? '',
    lastResult: row.last_result,
    lastCheckoutId: row.last_checkout_id ?? '',
    createdAt: row.created_at.toISOString(),
  };
}
