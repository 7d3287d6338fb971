import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded, type EmbeddedApp } from '../../scripts/embedded';
import { freePort } from './ports';

export interface TestApp {
  url: string;
  /** The app's data folder (PGlite files, the embedded access-token signing key). */
  dataDir: string;
  /** The orders service's dependencies (its database: a test brings a timer due instead of sleeping). */
  orders: EmbeddedApp['orders'];
  /** The payments service's dependencies (its database: a test stands in for Stripe's Connect onboarding). */
  payments: EmbeddedApp['payments'];
  /** The gateway's event stream: its open streams (a test ends one to see it resume). */
  live: EmbeddedApp['live'];
  stop(): Promise<void>;
}

/** The whole marketplace in this process (embedded mode) on fresh data and a free port. */
export async function startApp(opts: { rateLimitScale?: number; paymentsEnv?: Record<string, string>; stripeApiBase?: string; seed?: boolean } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caskade-app-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await startEmbedded({
    port,
    dataDir,
    publicUrl: url,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'warn',
    rateLimitScale: opts.rateLimitScale ?? 20,
    ...(opts.seed === false ? { seed: false } : {}),
    ...(opts.paymentsEnv ? { paymentsEnv: opts.paymentsEnv } : {}),
    ...(opts.stripeApiBase ? { stripeApiBase: opts.stripeApiBase } : {}),
    // Lets several checkouts of work in progress build the web app into their own folders.
    ...(process.env.TEST_WEB_DIST ? { webDist: process.env.TEST_WEB_DIST } : {}),
  });
  return {
    url,
    dataDir,
    orders: app.orders,
    payments: app.payments,
    live: app.live,
    stop: async () => {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
