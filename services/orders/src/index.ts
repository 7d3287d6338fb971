import { randomBytes } from 'node:crypto';
import { createClient, MEMBERSHIP_PLANS, startServiceRuntime, type EventBus, type Logger, type ServiceRuntime } from '@caskade/kit';
import { cart, catalog, identity, orders, payments } from '@caskade/proto';
import type { OrdersDeps } from './app/deps';
import { Memo } from './app/memo';
import { startStandingOrderRuns } from './app/run-standing-orders';
import { startTimers } from './app/timers';
import type { OrdersEnv } from './config';
import { ORDERS_MIGRATIONS, type OrdersDB } from './db/schema';
import { paymentStatusConsumer } from './events/payment-status-consumer';
import { afterTransitionConsumer } from './events/after-transition-consumer';
import { ordersHandlers } from './grpc/handlers';

export { ordersEnv, type OrdersEnv } from './config';
export type { OrdersDB } from './db/schema';
export type { OrdersDeps } from './app/deps';
export { runDueTimers } from './app/timers';
export { runDueStandingOrders } from './app/run-standing-orders';

export interface StartOrdersOptions {
  env: OrdersEnv;
  bus: EventBus;
  logger: Logger;
  schema?: string;
  grpcHost?: string;
  now?: () => Date;
  /** Tests: the timers loop's poll interval (ms); 0 leaves the loop off (tests fire timers themselves). */
  timerPollMs?: number;
}

export interface OrdersService extends ServiceRuntime<OrdersDB> {
  deps: OrdersDeps;
}

const SMALL_PLAN_FEE = MEMBERSHIP_PLANS.find((p) => p.key === 'small')?.platformFee ?? 0.045;

/** The orders service: checkouts, orders, both processes and their timers. */
export async function startOrders(opts: StartOrdersOptions): Promise<OrdersService> {
  const { env, logger } = opts;
  const clients = {
    identity: createClient(identity.IdentityServiceService, env.IDENTITY_ADDR, { name: 'identity', logger, as: 'orders' }),
    catalog: createClient(catalog.CatalogServiceService, env.CATALOG_ADDR, { name: 'catalog', logger, as: 'orders' }),
    cart: createClient(cart.CartServiceService, env.CART_ADDR, { name: 'cart', logger, as: 'orders' }),
    payments: createClient(payments.PaymentsServiceService, env.PAYMENTS_ADDR, { name: 'payments', logger, as: 'orders' }),
  };
  let deps: OrdersDeps | undefined;
  const pollMs = opts.timerPollMs ?? env.ORDER_TIMER_POLL_MS;
  const runtime = await startServiceRuntime<OrdersDB>({
    name: 'orders',
    env,
    bus: opts.bus,
    logger,
    migrations: ORDERS_MIGRATIONS,
    ...(opts.schema ? { schema: opts.schema } : {}),
    ...(opts.grpcHost ? { grpcHost: opts.grpcHost } : {}),
    build: ({ db, wakeOutbox }) => {
      let wakeTimers = () => {};
      const built: OrdersDeps = {
        db,
        logger,
        now: opts.now ?? (() => new Date()),
        eventsWritten: wakeOutbox,
        timersChanged: () => wakeTimers(),
        ...clients,
        // Every supplier is on the Small plan until memberships exist (the subscriptions service fills this port).
        feeRateFor: () => Promise.resolve(SMALL_PLAN_FEE),
        shipping: { createShippingOrder: () => Promise.resolve(), removeShippingOrder: () => Promise.resolve() },
        windows: { paymentMs: env.PAYMENT_WINDOW_SECONDS * 1000, bankTransferMs: env.BANK_TRANSFER_WINDOW_SECONDS * 1000 },
        timerDurations: {
          expireShippingTime: env.SHIPPING_WINDOW_SECONDS * 1000, autoMarkReceived: env.RECEIPT_WINDOW_SECONDS * 1000, autoCancelFromDisputed: env.DISPUTE_WINDOW_SECONDS * 1000,
          autoComplete: env.COMPLETION_DELAY_SECONDS * 1000, expireReviewPeriod: env.REVIEW_WINDOW_SECONDS * 1000,
        },
        randomBytes: (n) => randomBytes(n),
        memo: { buyerNames: new Memo<string>(5 * 60_000), payoutAccounts: new Memo<true>(60_000), licensedBuyers: new Memo<true>(5 * 60_000), paymentMethods: new Memo<true>(60_000) },
      };
      deps = built;
      const timers = pollMs > 0 ? startTimers(built, pollMs) : null;
      if (timers) wakeTimers = () => timers.wake();
      const standingOrders = pollMs > 0 ? startStandingOrderRuns(built, pollMs) : null;
      return {
        bindings: [{ name: 'caskade.orders.v1.OrdersService', definition: orders.OrdersServiceService, implementation: ordersHandlers(built, logger) }],
        subscriptions: [() => opts.bus.subscribe(paymentStatusConsumer(built)), () => opts.bus.subscribe(afterTransitionConsumer(built))],
        stop: async () => {
          await timers?.stop();
          await standingOrders?.stop();
          for (const c of Object.values(clients)) c.close();
        },
      };
    },
  });
  if (!deps) throw new Error('orders failed to build');
  return { ...runtime, deps };
}
