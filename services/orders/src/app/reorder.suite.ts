/**
 * "Order again" on the real services: the order's lines go back in the buyer's cart at today's
 * prices; a listing gone is reported 'Listing info not found', a line above today's stock
 * 'not-enough-quantity', and the other lines are still added. Only the order's buyer may.
 */
import { randomUUID } from 'node:crypto';
import { expectAppError } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import { REORDER_ERROR } from '../domain/reorder';
import { ctxOf, describeOrders } from '../testing/harness';
import { paidOrder } from '../testing/orders-fixtures';

describeOrders('reorder', (harness, { test: it }) => {
  it('puts the lines back at today’s prices and reports the ones that cannot be', async () => {
    const h = harness();
    const { order, buyer, supplier, listings } = await paidOrder(h, [
      { title: 'Again Pale', stock: 10, quantity: 2 },
      { title: 'Gone Red', stock: 10, quantity: 1 },
      { title: 'Scarce Stout', stock: 6, quantity: 3 },
    ]);
    const [pale, red, stout] = listings.map((l) => l.id) as [string, string, string];
    // Since the order: the pale costs more, the red is closed, the stout has 1 left.
    const fields = catalog.ListingFields.fromPartial({ pricePackages: [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents: 26_000, sku: 'KEG-50' }] });
    await h.catalogClient.updateListing({ id: pale, fields, updateMask: ['pricePackages'], expectedVersion: 0, stock: undefined }, supplier);
    await h.catalogClient.closeListing({ id: red }, supplier);
    await h.catalogClient.setStock({ id: stout, oldTotal: 3, newTotal: 1 }, supplier);

    const out = await h.client.reorderOrder({ orderId: order.id }, buyer);
    expect(out.added.map((a) => [a.listingId, a.quantity])).toEqual([[pale, 2]]);
    expect(out.failed.map((f) => [f.listingId, f.title.startsWith(f.listingId === red ? 'Gone Red' : 'Scarce Stout'), f.error])).toEqual([
      [red, true, REORDER_ERROR.listingNotFound],
      [stout, true, REORDER_ERROR.notEnoughQuantity],
    ]);
    const cart = (await h.cartClient.getCart({}, buyer)).cart;
    const entries = cart?.suppliers.flatMap((s) => s.entries) ?? [];
    expect(entries.map((e) => [e.listingId, e.quantity, e.package?.priceCents, e.id === out.added[0]?.entryId])).toEqual([[pale, 2, 26_000, true]]);
  }, 60_000);

  it('is the order’s buyer’s alone', async () => {
    const h = harness();
    const { order, supplier } = await paidOrder(h, [{ title: 'Mine Lager', stock: 10, quantity: 1 }]);
    await expectAppError(h.client.reorderOrder({ orderId: order.id }, supplier), 'forbidden');
    await expectAppError(h.client.reorderOrder({ orderId: order.id }, ctxOf(randomUUID(), 'operator')), 'forbidden');
    await expectAppError(h.client.reorderOrder({ orderId: order.id }, ctxOf(randomUUID(), 'buyer')), 'not-found');
    await expectAppError(h.client.reorderOrder({ orderId: 'nope' }, ctxOf(randomUUID(), 'buyer')), 'not-found');
  }, 60_000);
});
