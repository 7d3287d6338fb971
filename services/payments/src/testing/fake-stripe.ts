/**
 * A local HTTP server answering as Stripe's API does for the calls the Stripe adapter makes, so its
 * tests drive the real SDK. It records every request (method, path, form body, idempotency key) and
 * replays the first answer for a repeated idempotency key, as Stripe does. SetupIntents are kept, so
 * a browser test's stand-in Stripe.js can confirm one (`POST /v1/setup_intents/:id/confirm` with
 * `payment_method_data[type]`, as Stripe.js does) and the adapter then retrieves it. Payment
 * intents are kept too: one that requires_action is authenticated by
 * `POST /v1/payment_intents/:id/confirm` with its client_secret (what Stripe.js's handleNextAction
 * ends in, for a browser test's stand-in), after which it has succeeded.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The form body, keys as sent (`mandate_data[customer_acceptance][type]`). */
  body: Record<string, string>;
}

type Answer = { status: number; body: unknown };

const card = (id: string, brand: string, last4: string) => ({ id, object: 'payment_method', type: 'card', card: { brand, last4, exp_month: 12, exp_year: 2034 } });
const METHODS: Record<string, unknown> = {
  pm_card_visa: card('pm_card_visa', 'visa', '4242'),
  pm_card_chargeDeclined: card('pm_card_chargeDeclined', 'visa', '0002'),
  pm_card_authenticationRequired: card('pm_card_authenticationRequired', 'visa', '3155'),
  pm_becs_test: { id: 'pm_becs_test', object: 'payment_method', type: 'au_becs_debit', au_becs_debit: { bsb_number: '000000', last4: '3456' } },
};

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const replays = new Map<string, Answer>();
  let seq = 0;
  const next = (prefix: string) => `${prefix}_fake${++seq}`;
  const setupIntents = new Map<string, { id: string; object: 'setup_intent'; client_secret: string; status: string; customer: string; payment_method: string | null }>();
  /** Methods made by confirming a setup intent: a Visa ending 4242, or the BECS test account. */
  const created = new Map<string, unknown>();
  const method = (id: string): unknown => created.get(id) ?? METHODS[id];

  /** Which of the test methods `id` is, or is a copy of. */
  const behaviourOf = (id: string): string => attachedFrom.get(id) ?? id;
  const attachedFrom = new Map<string, string>();

  const paymentIntents = new Map<string, Record<string, unknown>>();
  const keep = (answer: Answer): Answer => {
    const body = answer.body as { id?: string; object?: string };
    if (answer.status === 200 && body.object === 'payment_intent' && body.id) paymentIntents.set(body.id, body as Record<string, unknown>);
    return answer;
  };

  const intent = (body: Record<string, string>): Answer => {
    const id = next('pi');
    const base = { id, object: 'payment_intent', amount: Number(body.amount), currency: body.currency, client_secret: `${id}_secret_x`, metadata: { payment_id: body['metadata[payment_id]'] ?? '' }, last_payment_error: null, next_action: null };
    // As Stripe's test methods: a copy attached to a customer (a new id) behaves as the method it copies.
    switch (behaviourOf(body.payment_method ?? '')) {
      case 'pm_card_chargeDeclined':
        return {
          status: 402,
          body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: { ...base, status: 'requires_payment_method' } } },
        };
      case 'pm_card_authenticationRequired':
        return { status: 200, body: { ...base, status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.test/3ds', return_url: '' } } } };
      case 'pm_becs_test':
        return { status: 200, body: { ...base, status: 'processing' } };
      default:
        return { status: 200, body: { ...base, status: 'succeeded' } };
    }
  };

  const answer = (verb: string, path: string, body: Record<string, string>): Answer => {
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    const retrieve = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    const setupIntent = /^\/v1\/setup_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (verb === 'POST' && path === '/v1/customers') return { status: 200, body: { id: next('cus'), object: 'customer' } };
    if (verb === 'POST' && path === '/v1/setup_intents') {
      const id = next('seti');
      const intent = { id, object: 'setup_intent' as const, client_secret: `${id}_secret_x`, status: 'requires_payment_method', customer: body.customer ?? '', payment_method: null };
      setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    const known = setupIntent ? setupIntents.get(setupIntent[1] ?? '') : undefined;
    if (known && verb === 'GET' && !setupIntent?.[2]) return { status: 200, body: known };
    if (known && verb === 'POST' && setupIntent?.[2]) {
      const type = body['payment_method_data[type]'];
      if (body.client_secret !== known.client_secret || (type !== 'card' && type !== 'au_becs_debit')) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Invalid client_secret or payment_method_data' } } };
      }
      const id = next('pm');
      created.set(id, { ...(METHODS[type === 'card' ? 'pm_card_visa' : 'pm_becs_test'] as object), id, customer: known.customer });
      Object.assign(known, { status: 'succeeded', payment_method: id });
      return { status: 200, body: known };
    }
    if (verb === 'POST' && path === '/v1/payment_intents') return keep(intent(body));
    const paymentIntent = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path);
    const knownIntent = paymentIntent ? paymentIntents.get(paymentIntent[1] ?? '') : undefined;
    if (knownIntent && verb === 'GET' && !paymentIntent?.[2]) return { status: 200, body: knownIntent };
    if (knownIntent && verb === 'POST' && paymentIntent?.[2] === '/cancel') {
      // As Stripe: only an intent not yet succeeded or processing can be canceled.
      if (!['requires_payment_method', 'requires_action', 'requires_confirmation', 'requires_capture'].includes(String(knownIntent.status))) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${knownIntent.status}.` } } };
      }
      Object.assign(knownIntent, { status: 'canceled', next_action: null });
      return { status: 200, body: knownIntent };
    }
    if (knownIntent && verb === 'POST' && paymentIntent?.[2]) {
      if (body.client_secret !== knownIntent.client_secret || knownIntent.status !== 'requires_action') {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent cannot be confirmed now' } } };
      }
      Object.assign(knownIntent, { status: 'succeeded', next_action: null });
      return { status: 200, body: knownIntent };
    }
    if (verb === 'POST' && path === '/v1/refunds') return { status: 200, body: { id: next('re'), object: 'refund', amount: Number(body.amount), status: 'succeeded' } };
    if (verb === 'POST' && path === '/v1/transfers') return { status: 200, body: { id: next('tr'), object: 'transfer', amount: Number(body.amount) } };
    if (attach && METHODS[attach[1] ?? '']) {
      const copy = { ...(METHODS[attach[1] ?? ''] as object), id: next('pm'), customer: body.customer };
      created.set(copy.id, copy);
      attachedFrom.set(copy.id, attach[1] ?? '');
      return { status: 200, body: copy };
    }
    if (verb === 'GET' && retrieve && method(retrieve[1] ?? '')) return { status: 200, body: method(retrieve[1] ?? '') };
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such resource: ${path}` } } };
  };

  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, body });
      const replayKey = idempotencyKey ? `${url.pathname} ${idempotencyKey}` : undefined;
      const out = (replayKey && replays.get(replayKey)) || answer(req.method ?? '', url.pathname, body);
      if (replayKey) replays.set(replayKey, out);
      res.writeHead(out.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
