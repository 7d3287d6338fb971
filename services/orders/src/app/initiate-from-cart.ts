import { packageLabel as catalogPackageLabel, servesState, type PackageLike } from '@caskade/catalog/domain';
import { AppError, invalidParams, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { ORDER_MSG } from '../domain/messages';
import { isPaymentTermChoice } from '../domain/terms';
import type { DeliveryMethod } from '../domain/pricing';
import type { OrdersDeps } from './deps';
import { billingOf, checkIdempotencyKey, expectedTotalOf, requestHash, requireBuyer, runCheckout, type CheckoutPlan, type SupplierPart } from './checkout-saga';
import { deliveryAddressFor, stateNotServed } from './delivery-address';

/**
 * Check out the buyer's whole cart: one order per supplier (multi-vendor process; a supplier part
 * on a payment term runs the standard process's delayed-payment branch), one payment for what is
 * paid now. The cart is read as the buyer, so only their own cart can be bought.
 */
export async function initiateFromCart(deps: OrdersDeps, ctx: CallContext, req: orders.InitiateFromCartRequest): Promise<orders.InitiateFromCartResponse> {
  const buyer = requireBuyer(ctx);
  if (!req.speculative) checkIdempotencyKey(req.idempotencyKey);
  const payment = req.payment ?? { paymentMethodId: '', bankTransfer: false };
  const expected = Number(req.expectedPayinTotalCents);
  const hash = requestHash({ kind: 'cart', address: req.deliveryAddressId, payment, billing: billingOf(req.billing), ...expectedTotalOf(expected) });
  const planOf = async (): Promise<CheckoutPlan> => {
    // The address is read beside the cart (both from the cart service, as the buyer).
    const [cartOut, address] = await Promise.all([deps.cart.getCart({}, ctx), deliveryAddressFor(deps, ctx, req.deliveryAddressId).then((a) => ({ a }), (error: unknown) => ({ error }))]);
    const cart = cartOut.cart;
    if (!cart || cart.suppliers.length === 0) throw invalidParams({ cart: ORDER_MSG.cartIsEmpty });
    for (const group of cart.suppliers) {
      const problem = group.entries.find((e) => e.problem !== '');
      if (problem) throw problem.problem === 'not-enough-stock'
        ? new AppError('transaction-listing-insufficient-stock', { listingId: problem.listingId, requested: problem.quantity, available: problem.available })
        : new AppError('transaction-listing-not-found', { listingId: problem.listingId });
      // The supplier's minimum rides along, so the buyer is told how many packages it takes.
      if (!group.minimumMet) {
        throw new AppError('validation-invalid-params', { fields: { [`suppliers.${group.supplierId}`]: ORDER_MSG.minimumOrderNotMet }, minimumOrderQuantity: group.minimumOrderQuantity });
      }
    }
    if ('error' in address) throw address.error;
    // A listing sold only in some states is delivered only there, whatever address it was added with.
    const unserved = cart.suppliers.flatMap((g) => g.entries).find((e) => !servesState(e.visibleStates, address.a.state));
    if (unserved) throw stateNotServed(unserved.listingId);
    const parts: SupplierPart[] = cart.suppliers.map((g) => {
      const term = isPaymentTermChoice(g.paymentTerm) ? g.paymentTerm : 'none';
      return {
        supplierId: g.supplierId,
        supplierName: g.supplierName,
        paymentTerm: term,
        processName: term === 'none' ? 'multi-vendor' : 'release-1',
        lines: g.entries.map((e) => ({
          listingId: e.listingId, description: `${e.listingTitle} — ${packageLabel(e.package)}`, category: e.category, packageIndex: e.packageIndex,
          unitPriceCents: e.package?.priceCents ?? 0, quantity: e.quantity, deliveryMethod: e.deliveryMethod as DeliveryMethod,
          title: e.listingTitle, packageLabel: packageLabel(e.package), cartEntryId: e.id, requiresLiquorLicence: e.requiresLiquorLicence,
        })),
      };
    });
    return { kind: 'cart', parts, deliveryAddress: address.a, payment, billing: billingOf(req.billing), expectedPayinTotalCents: expected };
  };
  const outcome = await runCheckout(deps, buyer, req.idempotencyKey, hash, planOf, req.speculative);
  return { outcome };
}

/** "Can 375 ml × 24": the catalog's wording of a package, as the cart's line items use it ('' for none). */
export function packageLabel(p: PackageLike | undefined): string {
  return p ? catalogPackageLabel(p) : '';
}
