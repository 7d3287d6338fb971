import { startServiceRuntime, type EventBus, type Logger, type ServiceRuntime } from '@caskade/kit';
import { payments } from '@caskade/proto';
import { createSandboxProvider, type SandboxProvider } from './adapters/sandbox';
import { createStripeProvider } from './adapters/stripe';
import type { PaymentsDeps } from './app/deps';
import type { PaymentProvider } from './app/provider';
import { startSettlementLoop } from './app/settle-sandbox-payments';
import { startTransferLoop } from './app/send-transfers';
import { stripeKeysOf, type PaymentsEnv } from './config';
import { PAYMENTS_MIGRATIONS, type PaymentsDB } from './db/schema';
import { orderPayoutConsumer } from './events/order-payout-consumer';
import { paymentsHandlers } from './grpc/handlers';

export { paymentsEnv, type PaymentsEnv } from './config';
export type { PaymentsDB } from './db/schema';
export type { PaymentsDeps, BankAccount } from './app/deps';
export type { PaymentProvider, ProviderKind, ChargeRequest, ChargeResult, MethodDetails, WebhookEvent } from './app/provider';
export type { SandboxProvider } from './adapters/sandbox';

export interface StartPaymentsOptions {
  env: PaymentsEnv;
  bus: EventBus;
  logger: Logger;
  /** Schema override for tests (a unique one per run). */
  schema?: string;
  /** Address to bind gRPC on; the cluster binds all interfaces. Default 127.0.0.1. */
  grpcHost?: string;
  now?: () => Date;
  /** Tests: Stripe's API origin (a local server answering as Stripe does). */
  stripeApiBase?: string;
  /** Tests: wraps the configured provider (to count or fail its calls). */
  wrapProvider?: (provider: PaymentProvider) => PaymentProvider;
  /** How often the sandbox settlement and transfer loops look for due work (ms). */
  pollMs?: number;
}

export interface PaymentsService extends ServiceRuntime<PaymentsDB> {
  deps: PaymentsDeps;
}

/**
 * The payments service, used by main.ts (one process, env config) and by the embedded runner.
 * The provider is Stripe when its three keys are set, else the built-in sandbox (ADR 040).
 */
export async function startPayments(opts: StartPaymentsOptions): Promise<PaymentsService> {
  const { env, logger } = opts;
  const now = opts.now ?? (() => new Date());
  const keys = stripeKeysOf(env);
  let deps: PaymentsDeps | undefined;
  const runtime = await startServiceRuntime<PaymentsDB>({
    name: 'payments',
    env,
    bus: opts.bus,
    logger,
    migrations: PAYMENTS_MIGRATIONS,
    ...(opts.schema ? { schema: opts.schema } : {}),
    ...(opts.grpcHost ? { grpcHost: opts.grpcHost } : {}),
    build: ({ db, wakeOutbox }) => {
      const sandbox: SandboxProvider | null = keys ? null : createSandboxProvider({ db, now });
      const configured: PaymentProvider = keys ? createStripeProvider({ ...keys, now, ...(opts.stripeApiBase ? { apiBase: opts.stripeApiBase } : {}) }) : (sandbox as SandboxProvider);
      const loops: { settlements?: { wake(): void; stop(): Promise<void> }; transfers?: { wake(): void; stop(): Promise<void> } } = {};
      const built: PaymentsDeps = {
        db,
        logger,
        now,
        eventsWritten: wakeOutbox,
        provider: opts.wrapProvider ? opts.wrapProvider(configured) : configured,
        sandbox,
        bank: { accountName: env.BANK_ACCOUNT_NAME, bsb: env.BANK_BSB, accountNumber: env.BANK_ACCOUNT_NUMBER },
        bankTransferWindowSeconds: env.BANK_TRANSFER_WINDOW_SECONDS,
        becsSettleSeconds: env.SANDBOX_BECS_SETTLE_SECONDS,
        wake: { settlements: () => loops.settlements?.wake(), transfers: () => loops.transfers?.wake() },
      };
      deps = built;
      const pollMs = opts.pollMs ?? 1000;
      if (sandbox) loops.settlements = startSettlementLoop(built, pollMs);
      loops.transfers = startTransferLoop(built, Math.max(pollMs, 5000));
      return {
        bindings: [{ name: 'caskade.payments.v1.PaymentsService', definition: payments.PaymentsServiceService, implementation: paymentsHandlers(built, logger) }],
        subscriptions: [() => opts.bus.subscribe(orderPayoutConsumer(built))],
        stop: async () => {
          await loops.settlements?.stop();
          await loops.transfers?.stop();
        },
      };
    },
  });
  if (!deps) throw new Error('payments failed to build');
  logger.info({ provider: deps.provider.kind }, 'payment provider ready');
  return { ...runtime, deps };
}
