import { z } from 'zod';
import { AppError } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';
import { standingOrderBody, standingOrderChangeBody, standingOrderSchema, standingOrdersSchema, type StandingOrderView } from '../contract';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalidValue' }) }).strict();

function view(s: orders.StandingOrder | undefined): StandingOrderView {
  if (!s) throw new AppError('not-found', { resource: 'standing-order' });
  return { ...s, supplier: s.supplier ?? { id: '', name: '' } };
}

/** Standing orders (buyers): repeat an order every 1–8 weeks on a saved payment method. */
export function standingOrderRoutes(clients: GatewayClients): RouteDef[] {
  const o = clients.orders;
  return [
    route({
      method: 'post', path: '/api/standing-orders', summary: 'Repeat one of the buyer’s orders every 1–8 weeks on a saved payment method (the first run one interval from now)',
      tags: ['standing-orders'], access: 'buyer', body: standingOrderBody, response: standingOrderSchema, successStatus: 201,
      handler: async ({ body, call }) => {
        const out = await o.createStandingOrder({ orderId: body.orderId, intervalWeeks: body.intervalWeeks, paymentMethodId: body.paymentMethodId }, call);
        return { status: 201, data: view(out.standingOrder) };
      },
    }),
    route({
      method: 'get', path: '/api/standing-orders', summary: 'The buyer’s standing orders, newest first', tags: ['standing-orders'], access: 'buyer', response: standingOrdersSchema,
      handler: async ({ call }) => {
        const out = await o.queryStandingOrders({}, call);
        return { status: 200, data: out.standingOrders.map(view) };
      },
    }),
    route({
      method: 'put', path: '/api/standing-orders/:id', summary: 'Change the interval or the payment method, pause or resume, or skip the next run',
      tags: ['standing-orders'], access: 'buyer', params: idParams, body: standingOrderChangeBody, response: standingOrderSchema,
      handler: async ({ params, body, call }) => {
        const out = await o.updateStandingOrder({ id: params.id, intervalWeeks: body.intervalWeeks, paused: body.paused, skipNext: body.skipNext ?? false, paymentMethodId: body.paymentMethodId }, call);
        return { status: 200, data: view(out.standingOrder) };
      },
    }),
    route({
      method: 'delete', path: '/api/standing-orders/:id', summary: 'End a standing order (orders it placed stay)', tags: ['standing-orders'], access: 'buyer', params: idParams,
      handler: async ({ params, call }) => {
        await o.deleteStandingOrder({ id: params.id }, call);
        return { status: 204 };
      },
    }),
  ];
}
