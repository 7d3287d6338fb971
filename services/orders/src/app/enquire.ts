import { randomUUID } from 'node:crypto';
import { requiresLiquorLicence } from '@caskade/catalog/domain';
import { AppError, invalidParams, isUuid, systemContext, withTransaction, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { insertMovedOrder } from '../db/checkout-orders';
import type { OrderRow } from '../db/orders';
import { ORDER_MSG } from '../domain/messages';
import { DELIVERY_METHODS, priceOrder } from '../domain/pricing';
import { findTransition } from '../domain/processes';
import { orderNumberFrom } from '../domain/terms';
import { nameOf, orderLineRecord, requireBuyer } from './checkout-saga';
import type { OrdersDeps } from './deps';
import { packageLabel } from './initiate-from-cart';
import { orderTransitioned } from './order-events';
import { callerActions } from './caller-actions';
import { orderView } from './views';

const ENQUIRE = 'enquire';
/** As a chat message (messaging's limit). */
export const ENQUIRY_MESSAGE_MAX = 5000;

/**
 * A buyer's enquiry about a listing (product-spec §4, the standard process: initial → enquiry): an
 * order of that listing's package and quantity, priced today, with no checkout, no stock held and
 * nothing charged. The buyer's first message is the transition's note and rides its event (reason),
 * from which messaging posts it in the pair's conversation — written with the order, so never lost.
 * The buyer pays for it later through InitiateForListing with enquiry_id.
 */
export async function enquire(deps: OrdersDeps, ctx: CallContext, req: orders.EnquireRequest): Promise<orders.EnquireResponse> {
  const buyer = requireBuyer(ctx);
  if (!isUuid(req.listingId)) throw invalidParams({ listingId: 'validation.invalidValue' });
  if (!Number.isInteger(req.quantity) || req.quantity < 1) throw invalidParams({ quantity: req.quantity < 0 ? ORDER_MSG.quantityLessThanZero : ORDER_MSG.quantityNotValid });
  const message = req.message.trim();
  if (!message) throw invalidParams({ message: 'validation.required' });
  if (message.length > ENQUIRY_MESSAGE_MAX) throw invalidParams({ message: 'validation.tooLong' });
  const listing = await deps.catalog.getListing({ id: req.listingId, recordView: false }, systemContext(ctx.requestId)).then(
    (out) => out.listing,
    (err: unknown) => {
      if (err instanceof AppError && err.code === 'not-found') return undefined;
      throw err;
    },
  );
  if (!listing || listing.state !== 'published' || !listing.fields) throw new AppError('transaction-listing-not-found', { listingId: req.listingId });
  if (listing.author?.id === buyer.userId) throw new AppError('forbidden', { reason: ORDER_MSG.ownListing });
  const pkg = listing.fields.pricePackages[req.packageIndex];
  if (!pkg) throw invalidParams({ packageIndex: ORDER_MSG.pricePackRequired });
  const method = DELIVERY_METHODS.find((m) => (m === 'pickup' ? listing.fields?.pickupEnabled : listing.fields?.shippingEnabled)) ?? 'pickup';
  const label = packageLabel(pkg);
  const line = {
    listingId: listing.id, description: `${listing.fields.title} — ${label}`, category: listing.fields.category, packageIndex: req.packageIndex,
    unitPriceCents: pkg.priceCents, quantity: req.quantity, deliveryMethod: method, title: listing.fields.title, packageLabel: label, cartEntryId: '',
    requiresLiquorLicence: requiresLiquorLicence(listing.fields),
  };
  const supplierId = listing.author?.id ?? '';
  const priced = priceOrder({ lines: [line], platformFeeRate: await deps.feeRateFor(supplierId) });
  const def = findTransition('release-1', 'initial', ENQUIRE);
  if (!def) throw new AppError('internal');
  const buyerName = await nameOf(deps, buyer.userId);
  const now = deps.now();
  const row = await withTransaction(deps.db, async (trx) => {
    let created: OrderRow | null = null;
    for (let attempt = 0; !created && attempt < 8; attempt++) {
      created = await insertMovedOrder(
        trx,
        {
          id: randomUUID(), checkoutId: null, orderNumber: orderNumberFrom(deps.randomBytes(8)), buyerId: buyer.userId, buyerName, supplierId,
          supplierName: listing.author?.brandName ?? '', processName: 'release-1', priced,
          lines: [orderLineRecord(line)],
          paymentTerm: 'none', deliveryAddress: null, now,
        },
        { transition: def.name, actor: 'customer', actorId: buyer.userId, to: def.to, paymentStatus: '', note: message },
      );
    }
    if (!created) throw new AppError('internal');
    await orderTransitioned(trx, created, 'initial', 'customer', { reason: message, actorId: buyer.userId });
    return created;
  });
  deps.eventsWritten();
  const view = orderView(row, { viewer: 'customer', activity: [] });
  view.allowedTransitions = callerActions(row, 'customer');
  return { order: view };
}
