/**
 * One order line as the order panel sends it (listing, package, quantity, delivery method): checked
 * against the listing as catalog has it now and turned into a pricing line. Shared by the preview,
 * add to cart, update and the cart view, so all of them apply the same rules.
 */
import { AppError, invalidParams, isUuid } from '@caskade/kit';
import { DELIVERY_METHODS, deliveryMethodsOf, ORDER_MSG, type DeliveryMethod, type PricingLine } from '@caskade/orders/domain';
import type { catalog } from '@caskade/proto';
import type { CartDeps } from './deps';
import { isPublished } from './listings';
import { lineDescription } from '@caskade/catalog/domain';

export interface LineRequest {
  packageIndex: number;
  quantity: number;
  deliveryMethod: string;
}

export interface CheckedLine {
  listing: catalog.Listing;
  supplierId: string;
  packageIndex: number;
  pkg: catalog.PricePackage;
  quantity: number;
  deliveryMethod: DeliveryMethod;
}

/** A published listing, or transaction-listing-not-found (gone, closed, draft, or not an id). */
export async function loadPublishedListing(deps: Pick<CartDeps, 'listings'>, listingId: string): Promise<catalog.Listing> {
  const listing = isUuid(listingId) ? await deps.listings.getListing(listingId) : null;
  if (!isPublished(listing)) throw new AppError('transaction-listing-not-found', { listingId });
  return listing;
}

export const isDeliveryMethod = (v: string): v is DeliveryMethod => (DELIVERY_METHODS as readonly string[]).includes(v);

/** The methods the listing offers. */
export function enabledMethods(listing: catalog.Listing): DeliveryMethod[] {
  const f = listing.fields;
  return deliveryMethodsOf({ listingType: f?.listingType ?? '', pickupEnabled: f?.pickupEnabled === true, shippingEnabled: f?.shippingEnabled === true });
}

/** The delivery method, or the message key of why not: empty takes the only one enabled. */
export function chooseDeliveryMethod(listing: catalog.Listing, requested: string): DeliveryMethod | { error: string } {
  const enabled = enabledMethods(listing);
  if (requested === '') {
    if (enabled.length === 1 && enabled[0]) return enabled[0];
    return { error: enabled.length > 1 ? ORDER_MSG.deliveryMethodRequired : ORDER_MSG.deliveryMethodUnavailable };
  }
  if (isDeliveryMethod(requested) && enabled.includes(requested)) return requested;
  return { error: ORDER_MSG.deliveryMethodUnavailable };
}

/** The message key of a bad quantity, or null: below 0, 0, or not a whole number. */
export function quantityError(quantity: number): string | null {
  if (quantity < 0) return ORDER_MSG.quantityLessThanZero;
  if (!Number.isInteger(quantity) || quantity === 0) return ORDER_MSG.quantityNotValid;
  return null;
}

/**
 * The line checked against the listing (product-spec §5 "Add to cart"): the package exists, the
 * quantity is a positive whole number, the delivery method is offered (the only one when empty),
 * the listing has stock and the quantity is within it. Field errors come together, keyed by field.
 */
export function checkLine(listing: catalog.Listing, req: LineRequest): CheckedLine {
  const errors: Record<string, string> = {};
  const packages = listing.fields?.pricePackages ?? [];
  const pkg = Number.isInteger(req.packageIndex) && req.packageIndex >= 0 ? packages[req.packageIndex] : undefined;
  if (!pkg) errors.packageIndex = ORDER_MSG.pricePackRequired;
  const badQuantity = quantityError(req.quantity);
  if (badQuantity) errors.quantity = badQuantity;
  const method = chooseDeliveryMethod(listing, req.deliveryMethod);
  if (typeof method !== 'string') errors.deliveryMethod = method.error;
  if (!pkg || typeof method !== 'string' || Object.keys(errors).length > 0) throw invalidParams(errors);
  if (listing.stockQuantity <= 0) throw new AppError('transaction-listing-insufficient-stock', { listingId: listing.id, available: 0 });
  if (req.quantity > listing.stockQuantity) throw invalidParams({ quantity: ORDER_MSG.quantityOverMsg });
  return { listing, supplierId: listing.author?.id ?? '', packageIndex: req.packageIndex, pkg, quantity: req.quantity, deliveryMethod: method };
}

/** What the pricing function takes for a line of `listing`. */
export function pricingLine(listing: catalog.Listing, pkg: catalog.PricePackage, line: { packageIndex: number; quantity: number; deliveryMethod: DeliveryMethod }): PricingLine {
  return {
    listingId: listing.id,
    description: lineDescription(listing.fields?.title ?? '', pkg),
    category: listing.fields?.category ?? '',
    packageIndex: line.packageIndex,
    unitPriceCents: pkg.priceCents,
    quantity: line.quantity,
    deliveryMethod: line.deliveryMethod,
  };
}
