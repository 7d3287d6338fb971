import express, { type Router } from 'express';
import { z } from 'zod';
import { AppError, type Logger } from '@caskade/kit';
import type { GatewayClients } from '../clients';
import { sendError } from '../http/errors';
import { route, type RouteDef } from '../http/route';
import { payoutAccountSchema, payoutTotalsSchema, attachPaymentMethodBody, defaultPaymentMethodBody, paymentMethodSchema, paymentProviderSchema, sandboxChallengeBody, sandboxPaymentMethodBody, setupIntentBody } from '../contract';
import { paymentMethodView } from './buying-views';

const methodId = z.string().trim().min(3).max(255);

export function paymentRoutes(clients: GatewayClients): RouteDef[] {
  const p = clients.payments;
  return [
    route({
      method: 'get', path: '/api/payments/config', summary: 'Which payment provider runs (sandbox or stripe) and the publishable key the browser needs',
      tags: ['payment-methods'], access: 'public', response: paymentProviderSchema,
      handler: async ({ call }) => {
        const out = await p.getProviderConfig({}, call);
        return { status: 200, data: { provider: out.provider === 'stripe' ? 'stripe' : 'sandbox', publishableKey: out.publishableKey } };
      },
    }),
    route({
      method: 'get', path: '/api/payment-methods', summary: 'The caller’s saved cards and BECS mandates, the default first', tags: ['payment-methods'], access: 'user',
      response: z.array(paymentMethodSchema),
      handler: async ({ call }) => ({ status: 200, data: (await p.listPaymentMethods({}, call)).methods.map(paymentMethodView) }),
    }),
    route({
      method: 'put', path: '/api/payment-methods', summary: 'Make a saved payment method the default', tags: ['payment-methods'], access: 'user',
      body: defaultPaymentMethodBody, response: paymentMethodSchema,
      handler: async ({ body, call }) => {
        const out = await p.setDefaultPaymentMethod({ paymentMethodId: body.paymentMethodId }, call);
        if (!out.method) throw new AppError('not-found');
        return { status: 200, data: paymentMethodView(out.method) };
      },
    }),
    route({
      method: 'delete', path: '/api/payment-methods', summary: 'Remove a saved payment method (the default moves to the next)', tags: ['payment-methods'], access: 'user',
      query: z.object({ paymentMethodId: methodId }).strict(), successStatus: 204,
      handler: async ({ query, call }) => {
        await p.detachPaymentMethod({ paymentMethodId: query.paymentMethodId }, call);
        return { status: 204 };
      },
    }),
    route({
      method: 'post', path: '/api/payment-methods/attach', summary: 'Save a payment method (the first saved becomes the default; replacesPaymentMethodId replaces one)',
      tags: ['payment-methods'], access: 'user', body: attachPaymentMethodBody, response: paymentMethodSchema, successStatus: 201,
      handler: async ({ body, call }) => {
        const out = await p.attachPaymentMethod({ paymentMethodId: body.paymentMethodId, setupIntentId: body.setupIntentId ?? '', replacesPaymentMethodId: body.replacesPaymentMethodId ?? '' }, call);
        if (!out.method) throw new AppError('internal');
        return { status: 201, data: paymentMethodView(out.method) };
      },
    }),
    route({
      method: 'post', path: '/api/current-user/setup-intent', summary: 'A setup intent to save a card or a BECS mandate', tags: ['payment-methods'], access: 'user',
      body: setupIntentBody, response: z.object({ setupIntentId: z.string(), clientSecret: z.string() }), successStatus: 201,
      handler: async ({ body, call }) => ({ status: 201, data: await p.createSetupIntent({ paymentMethodType: body.paymentMethodType }, call) }),
    }),
    route({
      method: 'post', path: '/api/payments/sandbox/payment-methods',
      summary: 'Sandbox only: card or BECS details in, a payment method id out (what Stripe Elements does in the browser); nothing is stored but brand, last four and expiry',
      tags: ['payment-methods'], access: 'user', body: sandboxPaymentMethodBody, response: z.object({ paymentMethodId: z.string() }), successStatus: 201,
      handler: async ({ body, call }) => {
        const details = 'card' in body ? { $case: 'card' as const, value: body.card } : { $case: 'becs' as const, value: body.becs };
        return { status: 201, data: await p.createSandboxPaymentMethod({ details }, call) };
      },
    }),
    route({
      method: 'get', path: '/api/payout-account', summary: 'The supplier’s payout account (null until it has one; buyers cannot buy its listings before)',
      tags: ['payouts'], access: 'supplier', response: payoutAccountSchema.nullable(),
      handler: async ({ call }) => ({ status: 200, data: (await p.getPayoutAccount({ supplierId: '' }, call)).account ?? null }),
    }),
    route({
      method: 'get', path: '/api/payout-account/totals', summary: 'The supplier’s payout totals: paid out (transfers sent) and pending (completed orders not paid out yet); only completed or paid-out orders count',
      tags: ['payouts'], access: 'supplier', response: payoutTotalsSchema,
      handler: async ({ call }) => ({ status: 200, data: await p.getPayoutTotals({ supplierId: '' }, call) }),
    }),
    route({
      method: 'post', path: '/api/payout-account/sandbox',
      summary: 'Sandbox only: give the supplier a sandbox payout account at once (Stripe Connect onboarding takes its place with Stripe)',
      tags: ['payouts'], access: 'supplier', response: payoutAccountSchema, successStatus: 201,
      handler: async ({ call }) => {
        const out = await p.createSandboxPayoutAccount({ supplierId: call.caller?.userId ?? '' }, call);
        if (!out.account) throw new AppError('internal');
        return { status: 201, data: out.account };
      },
    }),
    route({
      method: 'post', path: '/api/payments/sandbox/challenge/:paymentId', summary: 'Sandbox only: answer the authentication challenge of a card payment',
      tags: ['payment-methods'], access: 'user', params: z.object({ paymentId: z.uuid({ error: 'validation.invalidValue' }) }).strict(), body: sandboxChallengeBody,
      response: z.object({ status: z.string() }),
      handler: async ({ params, body, call }) => {
        const out = await p.completeSandboxChallenge({ paymentId: params.paymentId, authenticated: body.authenticated }, call);
        return { status: 200, data: { status: out.payment?.status ?? '' } };
      },
    }),
  ];
}

/**
 * POST /api/payments/webhook: the provider's signed event, passed raw to payments (which verifies
 * the signature and the 300 s tolerance). Mounted before the JSON parser and the same-origin check:
 * Stripe is not a browser and signs its own requests (a request from a browser on another site, which
 * carries an Origin, is refused as any cross-site write is).
 */
export function paymentsWebhookRouter(clients: GatewayClients, logger: Logger, publicUrl: string): Router {
  const router = express.Router();
  const ownOrigin = new URL(publicUrl).origin;
  router.post('/api/payments/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    try {
      // The provider calls from its servers, without an Origin; a browser on another site never may.
      const origin = req.get('origin');
      if (origin !== undefined && origin !== ownOrigin) throw new AppError('forbidden', { reason: 'cross-site request' });
      const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.get('stripe-signature') ?? '';
      if (!signature || payload.length === 0) throw new AppError('validation-invalid-params', { fields: { signature: 'validation.required' } });
      const out = await clients.payments.handleWebhook({ payload, signature }, { requestId: String(res.locals.requestId ?? 'webhook'), caller: null });
      res.status(200).json({ data: { received: true, handled: out.handled } });
    } catch (err) {
      if (err instanceof AppError) return sendError(res, err);
      logger.error({ err }, 'webhook failed');
      sendError(res, new AppError('internal'));
    }
  });
  return router;
}

export const PAYMENTS_WEBHOOK_OPENAPI = {
  '/api/payments/webhook': {
    post: {
      summary: 'The payment provider’s webhook (Stripe-Signature verified, 300 s tolerance; each event handled once)',
      tags: ['payments'],
      'x-access': 'public',
      parameters: [{ name: 'stripe-signature', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'the provider’s event, verified as raw bytes' } } } },
      responses: { 200: { description: 'received' }, 400: { description: 'bad signature or too old' } },
    },
  },
};
