/**
 * Orders for the reviews and reorder tests: a cart checkout paid by card on the real services, then
 * moved along its process through the repository (what the transitions record), so these tests do
 * not depend on every transition's side effects.
 */
import { randomUUID } from 'node:crypto';
import type { CallContext } from '@caskade/kit';
import type { catalog, orders } from '@caskade/proto';
import { findOrder, moveOrder } from '../db/orders';
import { eventually, type OrdersHarness } from './harness';

export interface PaidOrder {
  order: orders.Order;
  buyer: CallContext;
  supplier: CallContext;
  listings: catalog.Listing[];
}

/** One supplier's order of `lines` (title, stock, quantity bought), paid by card and purchased. */
export async function paidOrder(h: OrdersHarness, lines: { title: string; stock: number; quantity: number }[]): Promise<PaidOrder> {
  const supplier = await h.supplier();
  const listings: catalog.Listing[] = [];
  for (const line of lines) listings.push(await h.listing(supplier, `${line.title} ${randomUUID().slice(0, 6)}`, line.stock));
  const { ctx: buyer } = await h.buyer();
  const order = await buyNow(h, buyer, listings.map((l, i) => ({ listingId: l.id, quantity: lines[i]?.quantity ?? 1 })));
  return { order, buyer, supplier, listings };
}

/** `buyer` checks out these lines (their cart) with a card; the order once purchased. */
export async function buyNow(h: OrdersHarness, buyer: CallContext, lines: { listingId: string; quantity: number }[]): Promise<orders.Order> {
  for (const line of lines) await h.cartClient.addToCart({ listingId: line.listingId, packageIndex: 0, quantity: line.quantity, deliveryMethod: 'pickup' }, buyer);
  const addressId = (await h.cartClient.listDeliveryAddresses({}, buyer)).addresses[0]?.id ?? '';
  const out = await h.client.initiateFromCart(
    { expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative: false, billing: undefined },
    buyer,
    { deadlineMs: 20_000 },
  );
  const id = out.outcome?.checkout?.orders[0]?.id ?? '';
  const order = await eventually(async () => (await h.client.getOrder({ id }, buyer)).order, (o) => o?.state === 'purchased-multi-vendor');
  if (!order || order.state !== 'purchased-multi-vendor') throw new Error(`order ${id} was not purchased: ${order?.state ?? 'none'}`);
  return order;
}

/** Runs `transition` to `to` on the order as the repository records it (state, activity). */
export async function moveTo(h: OrdersHarness, orderId: string, transition: string, to: string): Promise<void> {
  await h.orders.deps.db.transaction().execute(async (trx) => {
    const row = await findOrder(trx, orderId);
    if (!row) throw new Error(`no order ${orderId}`);
    const moved = await moveOrder(trx, row, { transition, actor: 'system', actorId: '', to, now: new Date(h.clock.now) });
    if (!moved) throw new Error(`order ${orderId} did not move to ${to}`);
  });
}
