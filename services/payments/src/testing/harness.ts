/**
 * Payments started for its tests, on PGlite or on PostgreSQL (a fresh schema, dropped after): a
 * gRPC client, a clock the test moves, the events it wrote, and a count of provider charges. By
 * default on the sandbox provider; `startPaymentsHarness(backend, { stripeApiBase })` runs it on
 * Stripe against a local server answering as Stripe's API does.
 */
import { createClient, createLogger, LocalEventBus, type CallContext, type EventEnvelope, type PromiseClient } from '@caskade/kit';
import { describeServiceBackends, dropTestSchema, TEST_DATABASE_URL, uniqueName, type Backend, type GatedSuite } from '@caskade/kit/testing';
import { payments } from '@caskade/proto';
import { paymentsEnv } from '../config';
import { startPayments, type PaymentsService } from '../index';

export const ids = {
  buyer: '33333333-3333-4333-8333-333333333333',
  otherBuyer: '77777777-7777-4777-8777-777777777777',
  hops: '11111111-1111-4111-8111-111111111111',
  vines: '22222222-2222-4222-8222-222222222222',
  operator: '44444444-4444-4444-8444-444444444444',
};

const ctxOf = (userId: string, role: 'buyer' | 'supplier' | 'operator'): CallContext => ({ requestId: 'test', caller: { userId, role, scopes: [] } });

/** Call contexts: buyers, suppliers, the operator, and a service (orders: no caller). */
export const as = {
  buyer: ctxOf(ids.buyer, 'buyer'),
  otherBuyer: ctxOf(ids.otherBuyer, 'buyer'),
  hops: ctxOf(ids.hops, 'supplier'),
  operator: ctxOf(ids.operator, 'operator'),
  service: { requestId: 'test', caller: null } satisfies CallContext,
};

/** Stripe test keys the Stripe-mode harness configures. */
export const STRIPE_TEST_KEYS = { STRIPE_SECRET_KEY: 'sk_test_caskade', STRIPE_PUBLISHABLE_KEY: 'pk_test_caskade', STRIPE_WEBHOOK_SECRET: 'whsec_caskade_test' };

export interface PaymentsHarness {
  svc: PaymentsService;
  client: PromiseClient<typeof payments.PaymentsServiceService>;
  /** Every payments.* event the service published, in order (after `flush`). */
  events: EventEnvelope[];
  /** The service's clock (ms since the epoch); tests move it forward. */
  clock: { now: number };
  /** How many times the provider was asked to charge. */
  charges: { count: number };
  /** The in-process bus the service runs on (tests publish other services' events on it). */
  bus: LocalEventBus;
  /** Every transfer the provider was asked to send, in order. */
  transfers: Array<{ idempotencyKey: string; amountCents: number; destination: string }>;
  /** Every intent the provider was asked to cancel (its provider reference), in order. */
  cancels: string[];
  schema: string;
  /** Publishes what the outbox holds, so `events` is up to date. */
  flush(): Promise<void>;
  /** A payment request with defaults (the buyer, $120.00, pm_card_visa) and a fresh id. */
  paymentRequest(extra?: Partial<payments.CreatePaymentRequest>): payments.CreatePaymentRequest;
  /** Creates a payment as a service and answers it. */
  pay(extra?: Partial<payments.CreatePaymentRequest>): Promise<payments.Payment>;
  /** The status_changed events of one payment, oldest first (after flushing). */
  statusEvents(paymentId: string): Promise<Array<Record<string, unknown>>>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** Runs on the Stripe provider against this API origin (read when the service starts). */
  stripeApiBase?: string | (() => string);
  env?: Record<string, string>;
}

export async function startPaymentsHarness(backend: Backend, opts: HarnessOptions = {}): Promise<PaymentsHarness> {
  const logger = createLogger('payments-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const schema = uniqueName('payments_test');
  const bus = new LocalEventBus({ logger });
  const events: EventEnvelope[] = [];
  await bus.subscribe({ consumer: 'test-capture', subjects: ['payments.>'], handler: async (e) => void events.push(e) });
  const clock = { now: Date.now() };
  const charges = { count: 0 };
  const transfers: PaymentsHarness['transfers'] = [];
  const cancels: string[] = [];
  const stripeApiBase = typeof opts.stripeApiBase === 'function' ? opts.stripeApiBase() : opts.stripeApiBase;
  const svc = await startPayments({
    env: paymentsEnv.parse({
      DATA_DIR: ':memory:',
      ...(backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
      ...(stripeApiBase ? STRIPE_TEST_KEYS : {}),
      ...opts.env,
    }),
    bus,
    logger,
    schema,
    now: () => new Date(clock.now),
    pollMs: 50,
    ...(stripeApiBase ? { stripeApiBase } : {}),
    wrapProvider: (provider) => ({
      ...provider,
      kind: provider.kind,
      publishableKey: provider.publishableKey,
      charge: (req) => {
        charges.count += 1;
        return provider.charge(req);
      },
      cancel: (providerRef) => {
        cancels.push(providerRef);
        return provider.cancel(providerRef);
      },
      transfer: (req) => {
        transfers.push({ idempotencyKey: req.idempotencyKey, amountCents: req.amountCents, destination: req.destination });
        return provider.transfer(req);
      },
    }),
  });
  const client = createClient(payments.PaymentsServiceService, svc.grpcAddress);
  let seq = 0;
  const paymentRequest = (extra: Partial<payments.CreatePaymentRequest> = {}): payments.CreatePaymentRequest =>
    payments.CreatePaymentRequest.fromPartial({ paymentId: `pay_${schema}_${++seq}`, buyerId: ids.buyer, amountCents: 12_000, paymentMethodId: 'pm_card_visa', description: 'Caskade order', ...extra });
  const flush = async () => {
    await svc.relay.flush();
  };
  let stopped = false;
  return {
    svc,
    client,
    events,
    clock,
    charges,
    bus,
    transfers,
    cancels,
    schema,
    flush,
    paymentRequest,
    async pay(extra = {}) {
      const { payment } = await client.createPayment(paymentRequest(extra), as.service);
      if (!payment) throw new Error('CreatePayment answered no payment');
      return payment;
    },
    async statusEvents(paymentId) {
      await flush();
      return events.filter((e) => e.type === 'payments.payment.status_changed' && e.aggregateId === paymentId).map((e) => e.data as Record<string, unknown>);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.close();
      await svc.stop();
      await bus.close();
      await dropTestSchema(backend, schema);
    },
  };
}

/** A suite on both databases with payments (sandbox provider) started for it; `h()` is the running harness. */
export function describePayments(title: string, body: (h: () => PaymentsHarness, t: GatedSuite, backend: Backend) => void, opts: HarnessOptions = {}): void {
  describeServiceBackends(title, (backend) => startPaymentsHarness(backend, opts), body);
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`condition not met within ${ms} ms`);
}
