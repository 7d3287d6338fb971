import { unaryService, type Logger } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import type { OrdersDeps } from '../app/deps';
import { getCheckout } from '../app/get-checkout';
import { createReview } from '../app/create-review';
import { createStandingOrder } from '../app/create-standing-order';
import { deleteStandingOrder } from '../app/delete-standing-order';
import { getOrder } from '../app/get-order';
import { getOrderInvoice } from '../app/get-order-invoice';
import { getOrderReviews } from '../app/get-order-reviews';
import { initiateForListing } from '../app/initiate-for-listing';
import { enquire } from '../app/enquire';
import { initiateFromCart } from '../app/initiate-from-cart';
import { operatorQueryOrders, queryOrders } from '../app/query-orders';
import { queryReviews } from '../app/query-reviews';
import { queryStandingOrders } from '../app/query-standing-orders';
import { reorder } from '../app/reorder';
import { retryCheckoutPayment } from '../app/retry-checkout-payment';
import { transitionOrder } from '../app/transition-order';
import { updateStandingOrder } from '../app/update-standing-order';

/** Thin edge: each RPC calls one use case; errors are mapped by unaryService. */
export function ordersHandlers(deps: OrdersDeps, logger: Logger): orders.OrdersServiceServer {
  return unaryService<orders.OrdersServiceServer>(
    {
      initiateFromCart: (req, ctx) => initiateFromCart(deps, ctx, req),
      initiateForListing: (req, ctx) => initiateForListing(deps, ctx, req),
      enquire: (req, ctx) => enquire(deps, ctx, req),
      getCheckout: (req, ctx) => getCheckout(deps, ctx, req),
      retryCheckoutPayment: (req, ctx) => retryCheckoutPayment(deps, ctx, req),
      queryOrders: (req, ctx) => queryOrders(deps, ctx, req),
      getOrder: (req, ctx) => getOrder(deps, ctx, req),
      transitionOrder: (req, ctx) => transitionOrder(deps, ctx, req),
      operatorQueryOrders: (req, ctx) => operatorQueryOrders(deps, ctx, req),
      getOrderInvoice: (req, ctx) => getOrderInvoice(deps, ctx, req),
      createReview: (req, ctx) => createReview(deps, ctx, req),
      queryReviews: (req, ctx) => queryReviews(deps, ctx, req),
      getOrderReviews: (req, ctx) => getOrderReviews(deps, ctx, req),
      reorderOrder: (req, ctx) => reorder(deps, ctx, req),
      createStandingOrder: (req, ctx) => createStandingOrder(deps, ctx, req),
      queryStandingOrders: (req, ctx) => queryStandingOrders(deps, ctx, req),
      updateStandingOrder: (req, ctx) => updateStandingOrder(deps, ctx, req),
      deleteStandingOrder: (req, ctx) => deleteStandingOrder(deps, ctx, req),
    },
    logger,
  );
}
