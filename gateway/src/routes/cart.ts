import { z } from 'zod';
import { AppError } from '@caskade/kit';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';
import {
  addToCartBody, cartLineItemsSchema, cartSchema, deliveryAddressInput, deliveryAddressSchema, lineItemsBody, paymentTermBody, pricedOrderSchema,
  supplierTermsSchema, updateCartAnswer, updateCartBody,
} from '../contract';
import { addressView, cartView, orderDataFields, pricedView } from './buying-views';

const entryParams = z.object({ entryId: z.uuid({ error: 'validation.invalidValue' }) }).strict();
const idParams = z.object({ id: z.uuid({ error: 'validation.invalidValue' }) }).strict();

export function cartRoutes(clients: GatewayClients): RouteDef[] {
  const c = clients.cart;
  return [
    route({
      method: 'post', path: '/api/transaction-line-items', summary: 'Line items for one listing, package, quantity and delivery method (the order panel’s live preview; writes nothing)',
      tags: ['cart'], access: 'public', body: lineItemsBody, response: pricedOrderSchema,
      handler: async ({ body, call }) => {
        const out = await orderDataFields(() => c.previewLineItems({ listingId: body.listingId, packageIndex: body.orderData.packageIndex, quantity: body.orderData.quantity, deliveryMethod: body.orderData.deliveryMethod ?? '' }, call));
        const p = pricedView(out.priced);
        if (!p) throw new AppError('internal');
        return { status: 200, data: p };
      },
    }),
    route({
      method: 'get', path: '/api/cart', summary: 'The buyer’s cart: entries grouped by supplier with line items, minimum order and payment term',
      tags: ['cart'], access: 'user', response: cartSchema,
      handler: async ({ call }) => ({ status: 200, data: cartView((await c.getCart({}, call)).cart) }),
    }),
    route({
      method: 'post', path: '/api/cart', summary: 'Add a package of a listing (merged with the same listing, package and delivery method)',
      tags: ['cart'], access: 'user', body: addToCartBody, response: cartSchema, successStatus: 201,
      handler: async ({ body, call }) => {
        const out = await c.addToCart({ listingId: body.listingId, packageIndex: body.packageIndex, quantity: body.quantity, deliveryMethod: body.deliveryMethod ?? '' }, call);
        return { status: 201, data: cartView(out.cart) };
      },
    }),
    route({
      method: 'put', path: '/api/cart', summary: 'Change an entry’s quantity or delivery method (code cart_not_changed when nothing changed)',
      tags: ['cart'], access: 'user', body: updateCartBody, response: updateCartAnswer,
      handler: async ({ body, call }) => {
        const out = await c.updateCartEntry({ entryId: body.entryId, quantity: body.quantity ?? 0, deliveryMethod: body.deliveryMethod ?? '' }, call);
        return { status: 200, data: { cart: cartView(out.cart), code: out.changed ? 'cart_updated' : 'cart_not_changed' } };
      },
    }),
    route({
      method: 'delete', path: '/api/cart/:entryId', summary: 'Remove an entry', tags: ['cart'], access: 'user', params: entryParams, response: cartSchema,
      handler: async ({ params, call }) => ({ status: 200, data: cartView((await c.removeCartEntry({ entryId: params.entryId }, call)).cart) }),
    }),
    route({
      method: 'get', path: '/api/cart/cart-line-items', summary: 'The cart’s line items per supplier', tags: ['cart'], access: 'user', response: cartLineItemsSchema,
      handler: async ({ call }) => {
        const cart = cartView((await c.getCart({}, call)).cart);
        return { status: 200, data: { suppliers: cart.suppliers.map((g) => ({ supplierId: g.supplierId, supplierName: g.supplierName, priced: g.priced })) } };
      },
    }),
    route({
      method: 'put', path: '/api/cart/multi-vendor-payment-term', summary: 'Pay one supplier now (none) or on a term it offers (30_days, 60_days, 90_days)',
      tags: ['cart'], access: 'user', body: paymentTermBody, response: cartSchema,
      handler: async ({ body, call }) => ({ status: 200, data: cartView((await c.setPaymentTerm({ supplierId: body.supplierId, paymentTerm: body.paymentTerm }, call)).cart) }),
    }),
    // ---- delivery addresses ----
    route({
      method: 'get', path: '/api/delivery-addresses', summary: 'The buyer’s delivery addresses, the default first', tags: ['delivery-addresses'], access: 'user',
      response: z.array(deliveryAddressSchema),
      handler: async ({ call }) => ({ status: 200, data: (await c.listDeliveryAddresses({}, call)).addresses }),
    }),
    route({
      method: 'post', path: '/api/delivery-addresses', summary: 'Add a delivery address (the first becomes the default)', tags: ['delivery-addresses'], access: 'user',
      body: deliveryAddressInput, response: deliveryAddressSchema, successStatus: 201,
      handler: async ({ body, call }) => ({ status: 201, data: addressView((await c.createDeliveryAddress({ fields: body }, call)).address) }),
    }),
    route({
      method: 'put', path: '/api/delivery-addresses/:id', summary: 'Change a delivery address (or make it the default)', tags: ['delivery-addresses'], access: 'user',
      params: idParams, body: deliveryAddressInput, response: deliveryAddressSchema,
      handler: async ({ params, body, call }) => ({ status: 200, data: addressView((await c.updateDeliveryAddress({ id: params.id, fields: body }, call)).address) }),
    }),
    route({
      method: 'delete', path: '/api/delivery-addresses/:id', summary: 'Remove a delivery address', tags: ['delivery-addresses'], access: 'user', params: idParams,
      successStatus: 204,
      handler: async ({ params, call }) => {
        await c.deleteDeliveryAddress({ id: params.id }, call);
        return { status: 204 };
      },
    }),
    route({
      method: 'get', path: '/api/suppliers/:id/terms', summary: 'A supplier’s minimum order quantity and the payment terms it offers', tags: ['cart'], access: 'public',
      params: idParams, response: supplierTermsSchema,
      handler: async ({ params, call }) => {
        const terms = (await c.getSupplierTerms({ supplierIds: [params.id] }, call)).terms[0];
        return { status: 200, data: terms ?? { supplierId: params.id, minimumOrderQuantity: 1, paymentTerms: [] } };
      },
    }),
  ];
}
