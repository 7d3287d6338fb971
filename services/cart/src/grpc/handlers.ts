import { unaryService, type Logger } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import { addToCart } from '../app/add-to-cart';
import { createDeliveryAddress } from '../app/create-delivery-address';
import { deleteDeliveryAddress } from '../app/delete-delivery-address';
import type { CartDeps } from '../app/deps';
import { getCart } from '../app/get-cart';
import { getSupplierTerms } from '../app/get-supplier-terms';
import { listDeliveryAddresses } from '../app/list-delivery-addresses';
import { previewLineItems } from '../app/preview-line-items';
import { removeCartEntry } from '../app/remove-cart-entry';
import { setPaymentTerm } from '../app/set-payment-term';
import { setSupplierTerms } from '../app/set-supplier-terms';
import { takeCheckoutLines } from '../app/take-checkout-lines';
import { updateCartEntry } from '../app/update-cart-entry';
import { updateDeliveryAddress } from '../app/update-delivery-address';

/** Thin edge: each RPC calls one use case; errors are mapped by unaryService. */
export function cartHandlers(deps: CartDeps, logger: Logger): cart.CartServiceServer {
  return unaryService<cart.CartServiceServer>(
    {
      getCart: (_req, ctx) => getCart(deps, ctx),
      addToCart: (req, ctx) => addToCart(deps, ctx, req),
      updateCartEntry: (req, ctx) => updateCartEntry(deps, ctx, req),
      removeCartEntry: (req, ctx) => removeCartEntry(deps, ctx, req),
      setPaymentTerm: (req, ctx) => setPaymentTerm(deps, ctx, req),
      previewLineItems: (req, ctx) => previewLineItems(deps, ctx, req),
      listDeliveryAddresses: (_req, ctx) => listDeliveryAddresses(deps, ctx),
      createDeliveryAddress: (req, ctx) => createDeliveryAddress(deps, ctx, req),
      updateDeliveryAddress: (req, ctx) => updateDeliveryAddress(deps, ctx, req),
      deleteDeliveryAddress: (req, ctx) => deleteDeliveryAddress(deps, ctx, req),
      getSupplierTerms: (req, ctx) => getSupplierTerms(deps, ctx, req),
      setSupplierTerms: (req, ctx) => setSupplierTerms(deps, ctx, req),
      takeCheckoutLines: (req, ctx) => takeCheckoutLines(deps, ctx, req),
    },
    logger,
  );
}
