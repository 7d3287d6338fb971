import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
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
  // The databases come as a copy of a data folder made once, migrated, with the demo data or without,
  // so this start only opens them (docs/decisions/066). Not for the demo data with Stripe's options:
  // they change what is seeded (no sandbox payout accounts).
  const kind = opts.seed === false ? 'empty' : opts.paymentsEnv || opts.stripeApiBase ? null : 'seeded';
  const fromTemplate = kind !== null && process.env.TEST_APP_TEMPLATE !== '0';
  if (fromTemplate) cpSync(await dataTemplate(kind), dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Anonymous pages arrive server-rendered in every test: on a loaded 2-core machine a render
  // sometimes took longer than the production deadline (1.5 s), and the page came unrendered.
  process.env.PRERENDER_DEADLINE_MS ??= '15000';
  const app = await startEmbedded({
    port,
    dataDir,
    publicUrl: url,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'warn',
    rateLimitScale: opts.rateLimitScale ?? 20,
    ...(opts.seed === false || fromTemplate ? { seed: false } : {}),
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

const ROOT = path.resolve(__dirname, '..', '..');
/** A template is seeded again after this long: the demo data is made relative to the time it is seeded. */
const TEMPLATE_MAX_AGE_MS = 60 * 60_000;

/** Every source file that shapes the seeded data: the demo scripts and every service's code (tests excepted). */
function sourceDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (/\.(ts|sql|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        hash.update(path.relative(ROOT, full)).update('\0').update(readFileSync(full)).update('\0');
      }
    }
  };
  walk(path.join(ROOT, 'scripts'));
  for (const service of readdirSync(path.join(ROOT, 'services'))) {
    const src = path.join(ROOT, 'services', service, 'src');
    if (existsSync(src)) walk(src);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data folder left by a stopped embedded app, every database migrated, with the demo data
 * ('seeded') or none ('empty'): made once per source digest (per hour at most) and shared by every
 * test file and jest worker, copied by each app. One maker at a time: the others wait for its folder.
 */
async function dataTemplate(kind: 'seeded' | 'empty'): Promise<string> {
  const base = path.join(tmpdir(), 'caskade-app-template');
  mkdirSync(base, { recursive: true });
  const digest = process.env.TEST_APP_TEMPLATE_DIGEST ?? sourceDigest();
  const template = path.join(base, `${digest}-${kind}`);
  const lock = `${template}.lock`;
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    // Within a run whose globalSetup made the templates, one is never remade for its age: a worker
    // remaking it (remove, rename) while another copies it would pull files from under the copy.
    if (existsSync(template) && (process.env.TEST_APP_TEMPLATE_READY === digest || Date.now() - statSync(template).mtimeMs < TEMPLATE_MAX_AGE_MS)) return template;
    try {
      mkdirSync(lock);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // Another worker is seeding; a lock older than the deadline was left by a process that died.
      if (Date.now() - statSync(lock).mtimeMs > 5 * 60_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`the seeded template ${template} did not appear within 5 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      const building = mkdtempSync(`${template}.building-`);
      const port = await freePort();
      const app = await startEmbedded({ port, dataDir: building, publicUrl: `http://127.0.0.1:${port}`, logLevel: process.env.TEST_LOG_LEVEL ?? 'warn', seed: kind === 'seeded' });
      await app.stop();
      rmSync(template, { recursive: true, force: true });
      renameSync(building, template);
      // Templates of other sources (a checkout that changed since) are a third of a gigabyte each.
      for (const other of readdirSync(base)) {
        if (!other.startsWith(digest) && !other.includes('.')) rmSync(path.join(base, other), { recursive: true, force: true });
      }
      return template;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * jest's globalSetup for the integration and browser projects (tests/support/global-setup.ts): makes
 * both templates before any test file runs, outside every hook's timeout, and pins the source digest
 * for the run (the workers inherit it), so a source edited while the run goes on does not make a test
 * file wait for a new template.
 */
export async function prepareAppTemplates(): Promise<void> {
  if (process.env.TEST_APP_TEMPLATE === '0') return;
  process.env.TEST_APP_TEMPLATE_DIGEST = sourceDigest();
  await dataTemplate('seeded');
  await dataTemplate('empty');
  // Fresh for this run: the workers (which inherit this) use them as they are for the whole run.
  process.env.TEST_APP_TEMPLATE_READY = process.env.TEST_APP_TEMPLATE_DIGEST;
}
