import { createClient, startServiceRuntime, type EventBus, type Logger, type ServiceRuntime } from '@caskade/kit';
import { cart, catalog, payments } from '@caskade/proto';
import type { CartDeps } from './app/deps';
import { smallPlanFeeRate } from './app/fees';
import { catalogListings, type ListingSource } from './app/listings';
import { paymentsPayoutAccounts, type PayoutAccountSource } from './app/payout-accounts';
import type { CartEnv } from './config';
import { CART_MIGRATIONS, type CartDB } from './db/schema';
import { checkoutPlacedConsumer, checkoutPurchasedConsumer } from './events/checkout-purchased-consumer';
import { userDeletedConsumer } from './events/user-deleted-consumer';
import { cartHandlers } from './grpc/handlers';

export { cartEnv, type CartEnv } from './config';
export type { CartDB } from './db/schema';
export type { CartDeps } from './app/deps';
export { catalogListings, type ListingSource } from './app/listings';
export type { PayoutAccountSource } from './app/payout-accounts';

export interface StartCartOptions {
  env: CartEnv;
  bus: EventBus;
  logger: Logger;
  /** Schema override for tests (a unique one per run). */
  schema?: string;
  /** Address to bind gRPC on; the cluster binds all interfaces. Default 127.0.0.1. */
  grpcHost?: string;
  /** Tests: listings in place of catalog over gRPC (CATALOG_ADDR). */
  listings?: ListingSource;
  /** Tests: payout accounts in place of payments over gRPC (PAYMENTS_ADDR). */
  payoutAccounts?: PayoutAccountSource;
  /** Tests: a platform fee per supplier in place of the Small plan's. */
  feeRateFor?: (supplierId: string) => Promise<number>;
  now?: () => Date;
}

export interface CartService extends ServiceRuntime<CartDB> {
  deps: CartDeps;
}

/**
 * The cart service (carts, delivery addresses, supplier terms), used by main.ts (one process, env
 * config) and by the embedded runner. gRPC health is NOT_SERVING until the database is migrated
 * and the consumers are subscribed.
 */
export async function startCart(opts: StartCartOptions): Promise<CartService> {
  let deps: CartDeps | undefined;
  const clients: { close(): void }[] = [];
  let listings: ListingSource;
  if (opts.listings) listings = opts.listings;
  else {
    const client = createClient(catalog.CatalogServiceService, opts.env.CATALOG_ADDR, { name: 'catalog', logger: opts.logger, as: 'cart' });
    clients.push(client);
    listings = catalogListings(client);
  }
  let payoutAccounts: PayoutAccountSource;
  if (opts.payoutAccounts) payoutAccounts = opts.payoutAccounts;
  else {
    const client = createClient(payments.PaymentsServiceService, opts.env.PAYMENTS_ADDR, { name: 'payments', logger: opts.logger, as: 'cart' });
    clients.push(client);
    payoutAccounts = paymentsPayoutAccounts(client, opts.logger);
  }
  const runtime = await startServiceRuntime<CartDB>({
    name: 'cart',
    env: opts.env,
    bus: opts.bus,
    logger: opts.logger,
    migrations: CART_MIGRATIONS,
    ...(opts.schema ? { schema: opts.schema } : {}),
    ...(opts.grpcHost ? { grpcHost: opts.grpcHost } : {}),
    build: ({ db }) => {
      const built: CartDeps = { db, logger: opts.logger, now: opts.now ?? (() => new Date()), listings, payoutAccounts, feeRateFor: opts.feeRateFor ?? smallPlanFeeRate };
      deps = built;
      return {
        bindings: [{ name: 'caskade.cart.v1.CartService', definition: cart.CartServiceService, implementation: cartHandlers(built, opts.logger) }],
        subscriptions: [() => opts.bus.subscribe(checkoutPurchasedConsumer(built)), () => opts.bus.subscribe(checkoutPlacedConsumer(built)), () => opts.bus.subscribe(userDeletedConsumer(built))],
        stop: async () => {
          for (const client of clients) client.close();
        },
      };
    },
  });
  if (!deps) throw new Error('cart failed to build');
  return { ...runtime, deps };
}
