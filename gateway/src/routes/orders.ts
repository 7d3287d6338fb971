import { z } from 'zod';
import type { Request } from 'express';
import { AppError, queryInt } from '@caskade/kit';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';
import { checkoutOutcomeSchema, checkoutSchema, enquiryBody, initiateBody, initiateFromCartBody, orderSchema, ordersPageSchema, retryPaymentBody, transitionBody } from '../contract';
import { checkoutView, orderDataFields, orderView, outcomeView } from './buying-views';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalidValue' }) }).strict();
const page = queryInt(1, 1000, 1);
const search = z.string().trim().max(100).optional();
const state = z.string().trim().max(80).regex(/^[a-z0-9/-]*$/, { error: 'validation.invalidValue' }).optional();

/** The client's `Idempotency-Key` header: a retry with the same key replays the first answer. */
function idempotencyKey(req: Request, speculative: boolean): string {
  const key = req.get('idempotency-key') ?? '';
  if (!key && !speculative) throw new AppError('validation-invalid-params', { fields: { idempotencyKey: 'validation.idempotencyKeyRequired' } });
  return key;
}

const paymentOf = (b: { paymentMethodId?: string | undefined; bankTransfer?: boolean | undefined }) => ({ paymentMethodId: b.paymentMethodId ?? '', bankTransfer: b.bankTransfer ?? false });

export function orderRoutes(clients: GatewayClients): RouteDef[] {
  const o = clients.orders;
  return [
    route({
      method: 'post', path: '/api/initiate-privileged-from-cart',
      summary: 'Check out the whole cart: one payment, one order per supplier (Idempotency-Key header; isSpeculative previews and writes nothing)',
      tags: ['checkout'], access: 'user', body: initiateFromCartBody, response: checkoutOutcomeSchema, successStatus: 201,
      handler: async ({ body, req, call }) => {
        const key = idempotencyKey(req, body.isSpeculative);
        const out = await o.initiateFromCart({ idempotencyKey: key, deliveryAddressId: body.deliveryAddressId, payment: paymentOf(body), speculative: body.isSpeculative, billing: body.billing, expectedPayinTotalCents: body.expectedPayinTotalCents ?? 0 }, call, { deadlineMs: 20_000 });
        return { status: body.isSpeculative || out.outcome?.replayed ? 200 : 201, data: outcomeView(out.outcome) };
      },
    }),
    route({
      method: 'post', path: '/api/initiate-privileged',
      summary: 'Buy one listing now (Idempotency-Key header; isSpeculative previews and writes nothing)',
      tags: ['checkout'], access: 'user', body: initiateBody, response: checkoutOutcomeSchema, successStatus: 201,
      handler: async ({ body, req, call }) => {
        const key = idempotencyKey(req, body.isSpeculative);
        const out = await orderDataFields(() => o.initiateForListing({
          idempotencyKey: key, listingId: body.listingId, packageIndex: body.orderData.packageIndex, quantity: body.orderData.quantity,
          deliveryMethod: body.orderData.deliveryMethod ?? '', deliveryAddressId: body.deliveryAddressId, payment: paymentOf(body), paymentTerm: body.paymentTerm,
          speculative: body.isSpeculative, billing: body.billing, enquiryId: body.enquiryId ?? '', expectedPayinTotalCents: body.expectedPayinTotalCents ?? 0,
        }, call, { deadlineMs: 20_000 }));
        return { status: body.isSpeculative || out.outcome?.replayed ? 200 : 201, data: outcomeView(out.outcome) };
      },
    }),
    route({
      method: 'get', path: '/api/checkouts/:id', summary: 'The buyer’s checkout: its orders, payment state and what to do next', tags: ['checkout'],
      access: 'user', params: idParams, response: checkoutSchema,
      handler: async ({ params, call }) => {
        const out = await o.getCheckout({ id: params.id }, call);
        if (!out.checkout) throw new AppError('not-found');
        return { status: 200, data: checkoutView(out.checkout) };
      },
    }),
    route({
      method: 'post', path: '/api/checkouts/:id/retry-payment', summary: 'Pay a declined checkout again with another method, while it still holds its stock',
      tags: ['checkout'], access: 'user', params: idParams, body: retryPaymentBody, response: checkoutSchema,
      handler: async ({ params, body, call }) => {
        const out = await o.retryCheckoutPayment({ id: params.id, payment: paymentOf(body) }, call, { deadlineMs: 20_000 });
        if (!out.checkout) throw new AppError('not-found');
        return { status: 200, data: checkoutView(out.checkout) };
      },
    }),
    route({
      method: 'get', path: '/api/transactions/query', summary: 'The buyer’s orders (only=order) or the supplier’s sales (only=sale), 10 a page',
      tags: ['orders'], access: 'user',
      query: z.object({ only: z.enum(['order', 'sale'], { error: 'validation.invalidValue' }), state, search, page, perPage: queryInt(1, 100, 10) }).strict(),
      response: ordersPageSchema,
      handler: async ({ query, call }) => {
        const out = await o.queryOrders({ only: query.only, state: query.state ?? '', search: query.search ?? '', page: query.page, perPage: query.perPage }, call);
        return { status: 200, data: { orders: out.orders.map(orderView), pagination: out.pagination ?? { page: query.page, perPage: query.perPage, totalItems: 0, totalPages: 0 } } };
      },
    }),
    route({
      method: 'post', path: '/api/transactions', summary: 'Enquire about a listing before buying: an order in enquiry, and the message sent to the supplier in your conversation (pay for it later with POST /api/initiate-privileged and enquiryId)',
      tags: ['orders'], access: 'user', body: enquiryBody, response: orderSchema, successStatus: 201,
      handler: async ({ body, call }) => {
        const out = await o.enquire({ listingId: body.listingId, packageIndex: body.packageIndex, quantity: body.quantity, message: body.message }, call);
        if (!out.order) throw new AppError('internal');
        return { status: 201, data: orderView(out.order) };
      },
    }),
    route({
      method: 'get', path: '/api/transactions/:id', summary: 'One order with its line items, activity and the caller’s allowed transitions', tags: ['orders'],
      access: 'user', params: idParams, response: orderSchema,
      handler: async ({ params, call }) => {
        const out = await o.getOrder({ id: params.id }, call);
        if (!out.order) throw new AppError('not-found');
        return { status: 200, data: orderView(out.order) };
      },
    }),
    route({
      method: 'post', path: '/api/transactions/:id/transition', summary: 'Run one of the caller’s allowed transitions (409 transaction-invalid-transition otherwise)',
      tags: ['orders'], access: 'user', params: idParams, body: transitionBody, response: orderSchema,
      handler: async ({ params, body, call }) => {
        const out = await o.transitionOrder({ id: params.id, transition: body.transition, paramsJson: JSON.stringify(body.params) }, call, { deadlineMs: 20_000 });
        if (!out.order) throw new AppError('not-found');
        return { status: 200, data: orderView(out.order) };
      },
    }),
    route({
      method: 'get', path: '/api/operator/transactions', summary: 'Every order, newest first (operator)', tags: ['operator'], access: 'operator',
      query: z.object({ state, search, page, perPage: queryInt(1, 100, 20), awaitingBankTransfer: z.enum(['true', 'false']).optional().transform((v) => v === 'true') }).strict(),
      response: ordersPageSchema,
      handler: async ({ query, call }) => {
        const out = await o.operatorQueryOrders({ state: query.state ?? '', search: query.search ?? '', page: query.page, perPage: query.perPage, awaitingBankTransfer: query.awaitingBankTransfer }, call);
        return { status: 200, data: { orders: out.orders.map(orderView), pagination: out.pagination ?? { page: query.page, perPage: query.perPage, totalItems: 0, totalPages: 0 } } };
      },
    }),
  ];
}
