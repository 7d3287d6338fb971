import { AppError, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { reorderErrorOf } from '../domain/reorder';
import type { OrdersDeps } from './deps';
import { orderForCaller } from './order-access';

const fieldsOf = (err: AppError): Record<string, string> => {
  const fields = err.meta?.fields;
  if (fields === null || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
};

/**
 * "Order again": the order's buyer puts its lines back in the cart at today's prices, through the
 * cart's own add-to-cart as the buyer (so every cart rule holds: published listing, stock, package,
 * delivery method). A line the cart refuses is reported ('Listing info not found',
 * 'not-enough-quantity', or the cart's reason) and the other lines still go in. Lines are added
 * one after another, in the order's order (the cart serialises a buyer's writes anyway).
 */
export async function reorder(deps: OrdersDeps, ctx: CallContext, req: orders.ReorderOrderRequest): Promise<orders.ReorderOrderResponse> {
  const { row, viewer } = await orderForCaller(deps, ctx, req.orderId);
  if (viewer !== 'customer') throw new AppError('forbidden', { reason: 'only the order’s buyer orders it again' });
  const out: orders.ReorderOrderResponse = { added: [], failed: [] };
  for (const line of row.lines) {
    try {
      const added = await deps.cart.addToCart({ listingId: line.listingId, packageIndex: line.packageIndex, quantity: line.quantity, deliveryMethod: line.deliveryMethod }, ctx);
      out.added.push({ listingId: line.listingId, title: line.title, quantity: line.quantity, entryId: added.entryId });
    } catch (err) {
      // The cart failing (down, broken) fails the call; a line it refuses is reported.
      if (!(err instanceof AppError) || err.code === 'service-unavailable' || err.code === 'internal') throw err;
      out.failed.push({ listingId: line.listingId, title: line.title, error: reorderErrorOf(err.code, fieldsOf(err)) });
    }
  }
  return out;
}
