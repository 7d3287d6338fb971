/**
 * A local HTTP server answering as Stripe's API does for the calls the Stripe adapter makes, so its
 * tests drive the real SDK. It records every request (method, path, form body, idempotency key) and
 * replays the first answer for a repeated idempotency key, as Stripe does.
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

  const intent = (body: Record<string, string>): Answer => {
    const id = next('pi');
    const base = { id, object: 'payment_intent', amount: Number(body.amount), currency: body.currency, client_secret: `${id}_secret_x`, metadata: { payment_id: body['metadata[payment_id]'] ?? '' }, last_payment_error: null, next_action: null };
    switch (body.payment_method) {
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

  const answer = (method: string, path: string, body: Record<string, string>): Answer => {
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    const retrieve = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: next('cus'), object: 'customer' } };
    if (method === 'POST' && path === '/v1/setup_intents') { const id = next('seti'); return { status: 200, body: { id, object: 'setup_intent', client_secret: `${id}_secret_x`, status: 'requires_payment_method' } }; }
    if (method === 'POST' && path === '/v1/payment_intents') return intent(body);
    if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: { id: next('re'), object: 'refund', amount: Number(body.amount), status: 'succeeded' } };
    if (method === 'POST' && path === '/v1/transfers') return { status: 200, body: { id: next('tr'), object: 'transfer', amount: Number(body.amount) } };
    if (attach && METHODS[attach[1] ?? '']) return { status: 200, body: { ...(METHODS[attach[1] ?? ''] as object), id: next('pm'), customer: body.customer } };
    if (method === 'GET' && retrieve && METHODS[retrieve[1] ?? '']) return { status: 200, body: METHODS[retrieve[1] ?? ''] };
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
