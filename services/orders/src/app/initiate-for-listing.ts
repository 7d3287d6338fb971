import { requiresLiquorLicence, servesState } from '@caskade/catalog/domain';
import { AppError, invalidParams, isUuid, systemContext, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { findOrder } from '../db/orders';
import { ORDER_MSG } from '../domain/messages';
import { deliveryMethodsOf, type DeliveryMethod } from '../domain/pricing';
import { isPaymentTerm, isPaymentTermChoice, minimumMet } from '../domain/terms';
import type { OrdersDeps } from './deps';
import { billingOf, checkIdempotencyKey, expectedTotalOf, requestHash, requireBuyer, runCheckout, type CheckoutPlan } from './checkout-saga';
import { deliveryAddressFor, stateNotServed } from './delivery-address';
import { packageLabel } from './initiate-from-cart';

/**
 * Buy one listing now (CheckoutPage, "Buy now"): the standard process, one order. With enquiry_id
 * it pays for the buyer's enquiry about this listing: that order becomes the checkout's order
 * (request-payment-after-enquiry), pay now only.
 */
export async function initiateForListing(deps: OrdersDeps, ctx: CallContext, req: orders.InitiateForListingRequest): Promise<orders.InitiateForListingResponse> {
  const buyer = requireBuyer(ctx);
  if (!req.speculative) checkIdempotencyKey(req.idempotencyKey);
  if (!isUuid(req.listingId)) throw invalidParams({ listingId: 'validation.invalidValue' });
  if (!Number.isInteger(req.quantity) || req.quantity < 1) throw invalidParams({ quantity: req.quantity < 0 ? ORDER_MSG.quantityLessThanZero : ORDER_MSG.quantityNotValid });
  const term = req.paymentTerm || 'none';
  if (!isPaymentTermChoice(term)) throw invalidParams({ paymentTerm: 'validation.invalidValue' });
  const payment = req.payment ?? { paymentMethodId: '', bankTransfer: false };
  if (req.enquiryId && (!isUuid(req.enquiryId) || term !== 'none')) throw invalidParams({ enquiryId: ORDER_MSG.enquiryNotPayable });
  const hash = requestHash({ kind: 'listing', listing: req.listingId, pkg: req.packageIndex, q: req.quantity, method: req.deliveryMethod, term, address: req.deliveryAddressId, payment, billing: billingOf(req.billing), enquiry: req.enquiryId, ...expectedTotalOf(Number(req.expectedPayinTotalCents)) });
  const planOf = async (): Promise<CheckoutPlan> => {
    if (req.enquiryId) {
      // Only the buyer's own enquiry, about this very listing, still waiting (not paid for by another checkout).
      const enquiry = await findOrder(deps.db, req.enquiryId);
      if (!enquiry || enquiry.buyer_id !== buyer.userId) throw new AppError('not-found', { resource: 'transaction' });
      if (enquiry.state !== 'enquiry' || !enquiry.lines.some((l) => l.listingId === req.listingId)) throw invalidParams({ enquiryId: ORDER_MSG.enquiryNotPayable });
    }
    const listing = (await deps.catalog.getListing({ id: req.listingId, recordView: false }, systemContext()).catch((err: unknown) => {
      // No such listing: the same answer as a closed one (the spec's code, not a bare 404).
      if (err instanceof AppError && err.code === 'not-found') return { listing: undefined };
      throw err;
    })).listing;
    if (!listing || listing.state !== 'published' || !listing.fields) throw new AppError('transaction-listing-not-found', { listingId: req.listingId });
    if (listing.author?.id === buyer.userId) throw new AppError('forbidden', { reason: ORDER_MSG.ownListing });
    const pkg = listing.fields.pricePackages[req.packageIndex];
    if (!pkg) throw invalidParams({ packageIndex: ORDER_MSG.pricePackRequired });
    if (req.quantity > listing.stockQuantity) {
      if (listing.stockQuantity === 0) throw new AppError('transaction-listing-insufficient-stock', { listingId: listing.id, requested: req.quantity, available: 0 });
      throw invalidParams({ quantity: ORDER_MSG.quantityOverMsg });
    }
    const enabled = deliveryMethodsOf(listing.fields);
    const method = (req.deliveryMethod || (enabled.length === 1 ? enabled[0] : '')) as DeliveryMethod | '';
    if (!method) throw invalidParams({ deliveryMethod: ORDER_MSG.deliveryMethodRequired });
    if (!enabled.includes(method)) throw invalidParams({ deliveryMethod: ORDER_MSG.deliveryMethodUnavailable });
    // The supplier's terms: its minimum order holds for Buy now as in the cart, and a term must be one it offers.
    const terms = (await deps.cart.getSupplierTerms({ supplierIds: [listing.author?.id ?? ''] }, systemContext())).terms[0];
    const minimum = terms?.minimumOrderQuantity ?? 1;
    if (!minimumMet(req.quantity, minimum)) throw new AppError('validation-invalid-params', { fields: { quantity: ORDER_MSG.minimumOrderNotMet }, minimumOrderQuantity: minimum });
    if (isPaymentTerm(term) && !(terms?.paymentTerms ?? []).includes(term)) throw invalidParams({ paymentTerm: ORDER_MSG.paymentTermNotOffered });
    const address = await deliveryAddressFor(deps, ctx, req.deliveryAddressId);
    if (!servesState(listing.fields.visibleStates, address.state)) throw stateNotServed(listing.id);
    const label = packageLabel(pkg);
    const line = {
      listingId: listing.id, description: `${listing.fields.title} — ${label}`, category: listing.fields.category, packageIndex: req.packageIndex,
      unitPriceCents: pkg.priceCents, quantity: req.quantity, deliveryMethod: method, title: listing.fields.title, packageLabel: label, cartEntryId: '',
      requiresLiquorLicence: requiresLiquorLicence(listing.fields),
    };
    return {
      kind: 'listing',
      parts: [{ supplierId: listing.author?.id ?? '', supplierName: listing.author?.brandName ?? '', paymentTerm: term, processName: 'release-1', lines: [line] }],
      deliveryAddress: address,
      payment,
      billing: billingOf(req.billing),
      expectedPayinTotalCents: Number(req.expectedPayinTotalCents),
      ...(req.enquiryId ? { enquiryOrderId: req.enquiryId } : {}),
    };
  };
  const outcome = await runCheckout(deps, buyer, req.idempotencyKey, hash, planOf, req.speculative);
  return { outcome };
}
