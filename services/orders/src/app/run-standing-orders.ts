/**
 * The standing orders' runs and notices: any replica claims what is due (FOR UPDATE SKIP LOCKED,
 * with a lease), tells the buyer NOTICE_LEAD_MS before a run (an orders.order.reminder event of kind
 * standingOrderRun, through the outbox) and, when the run is due, places the order through the
 * checkout saga as the buyer, at today's prices, paid with the saved method. The run's idempotency
 * key is the standing order and its date, so a run retried after a crash never orders or charges
 * twice. A run the buyer's data refuses (a listing gone, no stock, a declined card) is recorded and
 * the next one planned; a service down leaves the run to be tried again shortly.
 */
import { requiresLiquorLicence } from '@caskade/catalog/domain';
import { AppError, enqueueEvent, PollLoop, systemContext, withTransaction, type CallContext, type Caller } from '@caskade/kit';
import { findOrder } from '../db/orders';
import { claimDueStandingOrders, markNoticeSent, postponeRun, recordRun, type StandingOrderRow } from '../db/standing-orders';
import { ORDER_MSG } from '../domain/messages';
import { DELIVERY_METHODS } from '../domain/pricing';
import { afterWeeks, NOTICE_LEAD_MS, STANDING_ORDER_REMINDER_KIND } from '../domain/standing-orders';
import { OrderReminder } from '../events/registry';
import { requestHash, runCheckout, type CheckoutPlan, type PlannedLine } from './checkout-saga';
import type { OrdersDeps } from './deps';
import { deliveryAddressFor } from './delivery-address';
import { packageLabel } from './initiate-from-cart';

export const STANDING_ORDER_LEASE_MS = 60_000;
export const STANDING_ORDER_RETRY_MS = 30_000;

const buyerOf = (row: StandingOrderRow): { caller: Caller; ctx: CallContext } => {
  const caller: Caller = { userId: row.buyer_id, role: 'buyer', scopes: [] };
  return { caller, ctx: { requestId: `standing-order:${row.id}`, caller } };
};

/** The order of today: each line at the listing's price now, to the buyer's default delivery address. */
async function planOf(deps: OrdersDeps, row: StandingOrderRow, ctx: CallContext): Promise<CheckoutPlan> {
  const lines: PlannedLine[] = [];
  for (const line of row.lines) {
    const listing = (await deps.catalog.getListing({ id: line.listingId, recordView: false }, systemContext())).listing;
    if (!listing || listing.state !== 'published' || !listing.fields) throw new AppError('transaction-listing-not-found', { listingId: line.listingId });
    const pkg = listing.fields.pricePackages[line.packageIndex];
    if (!pkg) throw invalidLine(line.listingId, ORDER_MSG.pricePackRequired);
    const offered = DELIVERY_METHODS.filter((m) => (m === 'pickup' ? listing.fields?.pickupEnabled : listing.fields?.shippingEnabled));
    if (!offered.includes(line.deliveryMethod)) throw invalidLine(line.listingId, ORDER_MSG.deliveryMethodUnavailable);
    const label = packageLabel(pkg);
    lines.push({
      listingId: listing.id, description: `${listing.fields.title} — ${label}`, category: listing.fields.category, packageIndex: line.packageIndex, unitPriceCents: pkg.priceCents,
      quantity: line.quantity, deliveryMethod: line.deliveryMethod, title: listing.fields.title, packageLabel: label, cartEntryId: '', requiresLiquorLicence: requiresLiquorLicence(listing.fields),
    });
  }
  const addresses = (await deps.cart.listDeliveryAddresses({}, ctx)).addresses;
  const address = addresses.find((a) => a.isDefault) ?? addresses[0];
  const deliveryAddress = await deliveryAddressFor(deps, ctx, address?.id ?? '');
  return {
    kind: 'listing',
    parts: [{ supplierId: row.supplier_id, supplierName: row.supplier_name, paymentTerm: 'none', processName: 'release-1', lines }],
    deliveryAddress,
    payment: { paymentMethodId: row.payment_method_id, bankTransfer: false },
    billing: null,
  };
}

const invalidLine = (listingId: string, key: string): AppError => new AppError('validation-invalid-params', { listingId, fields: { [listingId]: key } });

/** Place the run due at `row.next_run_at`; record what happened and plan the next. */
async function runOne(deps: OrdersDeps, row: StandingOrderRow): Promise<void> {
  const { caller, ctx } = buyerOf(row);
  const ranFor = row.next_run_at;
  const key = `standing-${row.id}-${ranFor.toISOString()}`;
  const now = deps.now();
  let next = afterWeeks(ranFor, row.interval_weeks);
  while (next <= now) next = afterWeeks(next, row.interval_weeks);
  try {
    const outcome = await runCheckout(deps, caller, key, requestHash({ standingOrder: row.id, ranFor }), () => planOf(deps, row, ctx), false);
    const checkout = outcome.checkout;
    await recordRun(deps.db, row.id, ranFor, { nextRunAt: next, at: now, result: checkout?.state === 'purchased' ? 'ordered' : (checkout?.state ?? 'failed'), checkoutId: checkout?.id ?? null });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      await recordRun(deps.db, row.id, ranFor, { nextRunAt: next, at: now, result: err.code, checkoutId: null });
      return;
    }
    deps.logger.warn({ err, standingOrderId: row.id }, 'standing order run failed; trying again shortly');
    await postponeRun(deps.db, row.id, new Date(now.getTime() + STANDING_ORDER_RETRY_MS));
  }
}

/** Tell the buyer of the coming run, once per run (the event and the mark in one transaction). */
async function sendNotice(deps: OrdersDeps, row: StandingOrderRow): Promise<void> {
  const source = await findOrder(deps.db, row.source_order_id);
  await withTransaction(deps.db, async (trx) => {
    await enqueueEvent(trx, OrderReminder, {
      aggregateId: row.source_order_id,
      data: {
        orderId: row.source_order_id, orderNumber: source?.order_number ?? '', customerId: row.buyer_id, providerId: row.supplier_id,
        kind: STANDING_ORDER_REMINDER_KIND, recipientRole: 'customer', dueAt: row.next_run_at.toISOString(), payinTotalCents: source?.payin_total_cents ?? 0,
      },
    });
    await markNoticeSent(trx, row.id, row.next_run_at);
  });
  deps.eventsWritten();
}

/** One pass: claim what is due and run or notify it. */
export async function runDueStandingOrders(deps: OrdersDeps, batch = 10): Promise<{ ran: number; noticed: number; more: boolean }> {
  const now = deps.now();
  const claimed = await claimDueStandingOrders(deps.db, now, NOTICE_LEAD_MS, new Date(now.getTime() + STANDING_ORDER_LEASE_MS), batch);
  let ran = 0;
  let noticed = 0;
  for (const row of claimed) {
    if (row.next_run_at <= now) {
      await runOne(deps, row);
      ran++;
    } else {
      await sendNotice(deps, row);
      noticed++;
    }
  }
  return { ran, noticed, more: claimed.length === batch };
}

export function startStandingOrderRuns(deps: OrdersDeps, everyMs: number): PollLoop {
  const loop = new PollLoop({ name: 'standing orders', logger: deps.logger, pollMs: everyMs, pass: async () => ({ more: (await runDueStandingOrders(deps)).more }) });
  loop.start();
  return loop;
}
