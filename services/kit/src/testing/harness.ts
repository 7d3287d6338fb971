import pg from 'pg';
import { describeOnBackends, TEST_DATABASE_URL, type Backend, type GatedSuite } from './services';

/** What a service's test harness hands back: the started service and whatever the suite needs, stopped after. */
export interface StartedHarness {
  stop(): Promise<void>;
}

/**
 * A suite run on PGlite and on PostgreSQL, each with the service started fresh for it (by `start`,
 * on a schema of its own) before the first test and stopped after the last. The body reads the
 * running harness with `harness()` inside its tests and hooks.
 */
export function describeServiceBackends<H extends StartedHarness>(
  title: string,
  start: (backend: Backend) => Promise<H>,
  body: (harness: () => H, t: GatedSuite, backend: Backend) => void,
): void {
  describeOnBackends(title, (backend, t) => {
    let running: H | undefined;
    t.beforeAll(async () => {
      running = await start(backend);
    }, 120_000);
    t.afterAll(async () => {
      await running?.stop();
    });
    const harness = (): H => {
      if (!running) throw new Error(`${title} on ${backend}: the service has not started`);
      return running;
    };
    body(harness, t, backend);
  });
}

/** Drops a test run's schema from the test PostgreSQL database (PGlite in memory needs nothing). */
export async function dropTestSchema(backend: Backend, schema: string): Promise<void> {
  if (backend !== 'postgres') return;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${client.escapeIdentifier(schema)} cascade`);
  } finally {
    await client.end();
  }
}
