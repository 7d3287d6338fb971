/**
 * The embedded run mode: every service and the gateway in one Node process, each service on its
 * own PGlite database under DATA_DIR/<service>, gRPC over loopback, events on one in-process bus.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addressEnv, configureTrust, createLogger, developmentTrust, generateSigningJwk, LocalEventBus, SERVICE_MANIFEST, signingKeyFromJwk, type Logger, type ServiceName, type SigningKey } from '@caskade/kit';
import { startGateway, gatewayEnv, type Gateway } from '@caskade/gateway';
import { ensureAccounts, identityEnv, startIdentity, type IdentityService } from '@caskade/identity';
import { notificationsEnv, startNotifications } from '@caskade/notifications';
import { catalogEnv, startCatalog } from '@caskade/catalog';
import { paymentsEnv, startPayments, type PaymentsService } from '@caskade/payments';
import { cartEnv, startCart } from '@caskade/cart';
import { messagingEnv, startMessaging } from '@caskade/messaging';
import { ordersEnv, startOrders, type OrdersService } from '@caskade/orders';
import { seedDemoBuying } from './demo-buying';
import { seedDemoCatalog } from './demo-catalog';
import { DEMO_ACCOUNTS } from './demo-data';
import { claimPort } from './ports';

export interface EmbeddedOptions {
  port?: number;
  dataDir?: string;
  seed?: boolean;
  logLevel?: string;
  webDist?: string;
  publicUrl?: string;
  rateLimitScale?: number;
  /** Tests: extra payments environment (Stripe's keys) and the origin of a local server answering as Stripe's API. */
  paymentsEnv?: Record<string, string>;
  stripeApiBase?: string;
}

export interface EmbeddedApp {
  url: string;
  port: number;
  logger: Logger;
  /** The orders and payments services' dependencies (tests: their databases, to bring a timer due or stand in for Stripe's onboarding). */
  orders: OrdersService['deps'];
  payments: PaymentsService['deps'];
  /** The gateway's event stream (tests end a user's streams to see them resume). */
  live: Gateway['live'];
  stop(): Promise<void>;
}

/** The file of the embedded app's access-token signing key (a private Ed25519 JWK), beside the data. */
export const ACCESS_KEY_FILE = 'access-token-key.json';

/**
 * The access-token signing key kept with the data, so sessions survive a restart of the embedded
 * app (ADR 053); the services' credential keys live in memory only, like the process.
 */
function embeddedAccessKey(dataDir: string): SigningKey {
  const file = path.join(dataDir, ACCESS_KEY_FILE);
  if (existsSync(file)) return signingKeyFromJwk(readFileSync(file, 'utf8'), file);
  mkdirSync(dataDir, { recursive: true });
  const { privateJwk } = generateSigningJwk(`access.embedded-${Date.now().toString(36)}`);
  writeFileSync(file, JSON.stringify(privateJwk), { mode: 0o600 });
  return signingKeyFromJwk(privateJwk, file);
}

/**
 * PGlite takes no lock of its own, and two processes writing the same files corrupt them: a lock
 * file holding our pid keeps a second start off DATA_DIR. A lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'caskade.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(`${dataDir} is in use by another Caskade (pid ${holder}); stop it or choose another DATA_DIR`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function startEmbedded(opts: EmbeddedOptions = {}): Promise<EmbeddedApp> {
  const dataDir = path.resolve(opts.dataDir ?? process.env.DATA_DIR ?? './data');
  const logLevel = opts.logLevel ?? process.env.LOG_LEVEL ?? 'info';
  const port = opts.port ?? Number(process.env.PORT ?? 3000);
  const publicUrl = opts.publicUrl ?? process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const logger = createLogger('caskade', logLevel);
  const host = process.env.HOST ?? '0.0.0.0';
  await claimPort(port, 'the web server', host);
  const unlock = lockDataDir(dataDir);
  // Every workload runs in this process: keys per workload in memory, identity's kept in DATA_DIR.
  configureTrust(developmentTrust({ accessSigningKey: embeddedAccessKey(dataDir), defaultWorkload: 'embedded' }));
  const common = { DATA_DIR: dataDir, LOG_LEVEL: logLevel, GRPC_PORT: '0', NODE_ENV: process.env.NODE_ENV ?? 'development' };
  const bus = new LocalEventBus({ logger: logger.child({ component: 'bus' }) });

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s();
    await bus.close();
    unlock();
  };
  try {
    // Every service of the manifest, in its order; each gets the addresses of the services it calls.
    const addresses: Record<string, string> = {};
    const seed = opts.seed ?? true;
    let seedCatalog: (() => Promise<void>) | undefined;
    let identityDeps: IdentityService['deps'] | undefined;
    let ordersDeps: OrdersService['deps'] | undefined;
    let paymentsDeps: PaymentsService['deps'] | undefined;
    const starters: Record<ServiceName, (env: Record<string, string>, logger: Logger) => Promise<{ grpcAddress: string; stop(): Promise<void> }>> = {
      notifications: (env, log) => startNotifications({ env: notificationsEnv.parse({ ...env, PUBLIC_URL: publicUrl }), bus, logger: log }),
      identity: async (env, log) => {
        const identity = await startIdentity({ env: identityEnv.parse(env), bus, logger: log });
        identityDeps = identity.deps;
        if (seed) await ensureAccounts(identity.deps, DEMO_ACCOUNTS);
        return identity;
      },
      catalog: async (env, log) => {
        // The only catalog: every write empties its read cache, so answers may be kept a minute (ADR 058).
        const catalog = await startCatalog({ env: catalogEnv.parse({ READ_CACHE_MS: '60000', ...env }), bus, logger: log });
        const deps = identityDeps;
        if (seed && deps) seedCatalog = async () => void (await seedDemoCatalog(deps, catalog.deps));
        return catalog;
      },
      payments: async (env, log) => {
        const payments = await startPayments({ env: paymentsEnv.parse({ ...env, ...opts.paymentsEnv }), bus, logger: log, ...(opts.stripeApiBase ? { stripeApiBase: opts.stripeApiBase } : {}) });
        paymentsDeps = payments.deps;
        return payments;
      },
      cart: (env, log) => startCart({ env: cartEnv.parse(env), bus, logger: log }),
      // MESSAGES_PER_MINUTE from the environment (the messaging bench raises it).
      messaging: (env, log) => startMessaging({ env: messagingEnv.parse({ ...env, ...(process.env.MESSAGES_PER_MINUTE ? { MESSAGES_PER_MINUTE: process.env.MESSAGES_PER_MINUTE } : {}) }), bus, logger: log }),
      orders: async (env, log) => {
        const orders = await startOrders({ env: ordersEnv.parse(env), bus, logger: log });
        ordersDeps = orders.deps;
        return orders;
      },
    };
    for (const entry of SERVICE_MANIFEST) {
      const called = Object.fromEntries(entry.calls.map((name) => [addressEnv(name), addresses[addressEnv(name)] ?? '']));
      const service = await starters[entry.name]({ ...common, ...called }, logger.child({ service: entry.name }));
      stops.push(() => service.stop());
      addresses[addressEnv(entry.name)] = service.grpcAddress;
    }
    await seedCatalog?.();
    // Sandbox payout accounts only on the sandbox: with Stripe a supplier's account comes from Stripe.
    if (seed && identityDeps) await seedDemoBuying(identityDeps, addresses, logger, { payoutAccounts: paymentsDeps?.provider.kind === 'sandbox' });
    const gateway = await startGateway(
      gatewayEnv.parse({
        PORT: String(port),
        HOST: host,
        PUBLIC_URL: publicUrl,
        ...addresses,
        WEB_DIST: opts.webDist ?? path.resolve(__dirname, '..', 'web', 'dist'),
        LOG_LEVEL: logLevel,
        NODE_ENV: common.NODE_ENV,
        EMBEDDED: 'true',
        RATE_LIMIT_SCALE: String(opts.rateLimitScale ?? process.env.RATE_LIMIT_SCALE ?? 1),
        // The gateway's response cache (docs/decisions/064): 400 ms unless set (0 turns it off).
        ...(process.env.RESPONSE_CACHE_MS ? { RESPONSE_CACHE_MS: process.env.RESPONSE_CACHE_MS } : {}),
        ...(process.env.PRERENDER_DEADLINE_MS ? { PRERENDER_DEADLINE_MS: process.env.PRERENDER_DEADLINE_MS } : {}),
      }),
      logger.child({ service: 'gateway' }),
      { bus },
    );
    stops.push(() => gateway.close());
    if (!ordersDeps || !paymentsDeps) throw new Error('the orders and payments services did not start');
    return { url: gateway.url, port: gateway.port, logger, orders: ordersDeps, payments: paymentsDeps, live: gateway.live, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
