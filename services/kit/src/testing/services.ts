/**
 * Test guard for suites that need a real server (PostgreSQL, NATS, Redis…). When the server is
 * not reachable the suite prints a loud `SKIPPED: <suite> — <name> not reachable at <target>` and
 * its tests do nothing; with CI=true or REQUIRE_SERVICES=1 it fails instead, so CI never passes
 * by skipping. Use in jest test files only.
 */
import { connect as connectNats } from '@nats-io/transport-node';
import { appendFileSync } from 'node:fs';
import vm from 'node:vm';
import pg from 'pg';
import { decodeJwt } from 'jose';
import { callerFromClaims } from '../auth/jwt';
import type { Caller } from '../context';

export interface ServiceGate {
  readonly name: string;
  readonly target: string;
  /** Probes once per gate; false (after warning) when unreachable and skipping is allowed, throws when it is not. */
  available(suite: string): Promise<boolean>;
}

export const servicesRequired = (): boolean => process.env.CI === 'true' || process.env.REQUIRE_SERVICES === '1';

/**
 * Note a skipped suite for the run's summary: `scripts/test.mjs` names a file in CASKADE_SKIP_LOG
 * and counts its lines, since a gated test that does nothing would otherwise count as passed.
 */
export function recordSkip(what: string): void {
  const file = process.env.CASKADE_SKIP_LOG;
  if (file) appendFileSync(file, `${what.replace(/\n/g, ' ')}\n`);
}

/** Credentials never appear in test output. */
function redact(target: string): string {
  return target.replace(/\/\/[^@/]*@/, '//');
}

export function requireService(name: string, target: string, probe: () => Promise<void>, timeoutMs = 3000): ServiceGate {
  let result: Promise<string | null> | null = null;
  const warned = new Set<string>();
  const shown = redact(target);
  const check = (): Promise<string | null> => {
    result ??= new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
      probe().then(
        () => resolve(null),
        (err: unknown) => resolve(err instanceof Error ? err.message : String(err)),
      ).finally(() => clearTimeout(timer));
    });
    return result;
  };
  return {
    name,
    target: shown,
    async available(suite) {
      const failure = await check();
      if (failure === null) return true;
      if (servicesRequired()) throw new Error(`${suite} requires ${name} at ${shown}, which is not reachable (${failure}); CI=true / REQUIRE_SERVICES=1 forbid skipping`);
      if (!warned.has(suite)) {
        warned.add(suite);
        console.warn(`\n*** SKIPPED: ${suite} — ${name} not reachable at ${shown} (${failure}) ***\n`);
        recordSkip(`${suite} (${name})`);
      }
      return false;
    },
  };
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export function postgresService(url: string = TEST_DATABASE_URL): ServiceGate {
  return requireService('PostgreSQL', url, async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      await client.query('select 1');
    } finally {
      await client.end();
    }
  });
}

export function natsService(url: string = TEST_NATS_URL): ServiceGate {
  return requireService('NATS', url, async () => {
    const nc = await connectNats({ servers: url, timeout: 2000, reconnect: false });
    await nc.close();
  });
}

/**
 * PGlite in-process. Its WebAssembly loader uses dynamic `import()`, which jest allows only when
 * node runs with `--experimental-vm-modules` (e.g. `NODE_OPTIONS=--experimental-vm-modules jest`).
 */
export function pgliteService(): ServiceGate {
  return requireService('PGlite', 'in-process :memory:', async () => {
    // Without the flag PGlite's loader fails with unhandled rejections that jest pins on the next test: check first.
    if (process.env.JEST_WORKER_ID !== undefined && typeof vm.SourceTextModule !== 'function') {
      throw new Error('under jest, PGlite needs NODE_OPTIONS=--experimental-vm-modules');
    }
    // Loading the module is the check: starting a throwaway database here would cost every suite
    // about a second, and a database that then fails to start fails its suite rather than skipping it.
    const { PGlite } = await import('@electric-sql/pglite');
    if (typeof PGlite !== 'function') throw new Error('@electric-sql/pglite exports no PGlite class');
  }, 20_000);
}

/** A name unique to this run, safe as a schema, stream, consumer or subject token: `<prefix>_<time>_<random>`. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

type Hook = (fn: () => Promise<void> | void, timeout?: number) => void;
type TestFn = (name: string, fn: () => Promise<void> | void, timeout?: number) => void;

export interface GatedSuite {
  beforeAll: Hook;
  afterAll: Hook;
  beforeEach: Hook;
  afterEach: Hook;
  test: TestFn;
}

/**
 * `describe` whose hooks and tests run only when every gate is available. The body gets gated
 * versions of beforeAll/afterAll/beforeEach/afterEach/test; with a service down they do nothing
 * (after the SKIPPED warning), or the suite fails when skipping is forbidden.
 */
export function describeWithServices(suite: string, gates: ServiceGate[], body: (t: GatedSuite) => void): void {
  describe(suite, () => {
    let up = false;
    beforeAll(async () => {
      const results = [];
      for (const g of gates) results.push(await g.available(suite));
      up = results.every(Boolean);
    });
    const gatedHook =
      (hook: Hook): Hook =>
      (fn, timeout) =>
        hook(async () => {
          if (up) await fn();
        }, timeout);
    body({
      beforeAll: gatedHook(beforeAll),
      afterAll: gatedHook(afterAll),
      beforeEach: gatedHook(beforeEach),
      afterEach: gatedHook(afterEach),
      test: (name, fn, timeout) =>
        test(name, async () => {
          if (up) await fn();
        }, timeout),
    });
  });
}
export type Backend = 'pglite' | 'postgres';

/**
 * A service suite run twice, on PGlite and on PostgreSQL (the two databases a service runs on),
 * each through describeWithServices: with its server missing the run prints SKIPPED loudly and does
 * nothing, and CI fails it; a test can never pass without running.
 */
export function describeOnBackends(title: string, body: (backend: Backend, t: GatedSuite) => void, url: string = TEST_DATABASE_URL): void {
  const gates: Record<Backend, ServiceGate> = { pglite: pgliteService(), postgres: postgresService(url) };
  for (const backend of ['pglite', 'postgres'] as const) {
    describeWithServices(`${title} on ${backend}`, [gates[backend]], (t) => body(backend, t));
  }
}
export { expectAppError } from './errors';
export { corruptPngImageData, solidPng } from './images';
export { pdfTextLines } from './pdf';
export { describeServiceBackends, dropTestSchema, type StartedHarness } from './harness';

/**
 * Tests only: the caller an access token's claims name, read WITHOUT verifying it (a test looks at
 * what it sends; the service it calls verifies the token itself). Null for no token.
 */
export function unverifiedCaller(token: string): Caller | null {
  if (!token) return null;
  const claims = decodeJwt(token);
  if (typeof claims.sub !== 'string') return null;
  return callerFromClaims(claims.sub, claims, false);
}
