import type { CallContext } from '@caskade/kit';
import { priceOrder } from '@caskade/orders/domain';
import type { cart } from '@caskade/proto';
import type { CartDeps } from './deps';
import { checkLine, loadPublishedListing, pricingLine } from './order-line';

/**
 * The order panel's live preview, for anyone (signed in or not): one listing, package, quantity and
 * delivery method checked as add to cart checks them (without the buyer's cart) and priced by the
 * one pricing function. Writes nothing.
 */
export async function previewLineItems(deps: CartDeps, _ctx: CallContext, req: cart.PreviewLineItemsRequest): Promise<cart.PreviewLineItemsResponse> {
  const listing = await loadPublishedListing(deps, req.listingId);
  const line = checkLine(listing, req);
  const lines = [pricingLine(listing, line.pkg, line)];
  return { priced: priceOrder({ lines, platformFeeRate: await deps.feeRateFor(line.supplierId) }) };
}
