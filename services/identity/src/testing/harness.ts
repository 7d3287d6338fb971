/**
 * Identity started for its tests, on PGlite or on PostgreSQL (a fresh schema, dropped after): a
 * gRPC client, a clock the test moves and the events it wrote. Suites gate on the database with
 * describeOnBackends, so a test never passes without running.
 */
import pg from 'pg';
import { createClient, createLogger, LocalEventBus, type EventEnvelope, type PromiseClient } from '@caskade/kit';
import { TEST_DATABASE_URL, uniqueName, type Backend } from '@caskade/kit/testing';
import { identity } from '@caskade/proto';
import { identityEnv } from '../config';
import { startIdentity, type IdentityService } from '../index';

export interface IdentityHarness {
  svc: IdentityService;
  client: PromiseClient<typeof identity.IdentityServiceService>;
  /** Every identity.* event the service published, in order. */
  events: EventEnvelope[];
  /** The service's clock (ms since the epoch); tests move it forward. */
  clock: { now: number };
  stop(): Promise<void>;
}

export async function startIdentityHarness(backend: Backend, opts: { jwtSecret: string }): Promise<IdentityHarness> {
  const logger = createLogger('identity-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const schema = uniqueName('identity_test');
  const bus = new LocalEventBus({ logger });
  const events: EventEnvelope[] = [];
  await bus.subscribe({ consumer: 'test-capture', subjects: ['identity.>'], handler: async (e) => void events.push(e) });
  const clock = { now: Date.now() };
  const svc = await startIdentity({
    env: identityEnv.parse({ DATA_DIR: ':memory:', JWT_SECRET: opts.jwtSecret, ...(backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}) }),
    bus,
    logger,
    schema,
    now: () => new Date(clock.now),
  });
  const client = createClient(identity.IdentityServiceService, svc.grpcAddress);
  return {
    svc,
    client,
    events,
    clock,
    async stop() {
      client.close();
      await svc.stop();
      await bus.close();
      if (backend === 'postgres') {
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      }
    },
  };
}
