import { randomBytes } from 'node:crypto';
import { generateClusterKeys, SERVICE_NAMES, type ClusterKeys } from '@caskade/kit';
import { natsService, postgresService, requireService } from '@caskade/kit/testing';
import { Redis } from 'ioredis';
import { dropDatabase, startDistributed, type DistributedApp } from '../../scripts/distributed';
import { freePort } from './ports';

const POSTGRES_SERVER = process.env.TEST_POSTGRES_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const gates = [
  postgresService(`${POSTGRES_SERVER}/postgres`),
  natsService(NATS_URL),
  requireService('Redis', REDIS_URL, async () => {
    const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await r.connect();
    await r.ping();
    r.disconnect();
  }),
];

/**
 * Every gateway on this machine counts its rate limits in the same Redis under the client's address
 * (127.0.0.1 for every suite): a suite starts from zero, not from what the suites before it, or an
 * earlier run within the hour, spent. The distributed project runs its suites one at a time.
 */
async function clearRateLimits(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  await redis.connect();
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: 'rl:*', count: 500 })) keys.push(...(batch as string[]));
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

export interface DistributedFixture {
  /** null when a server is missing and skipping is allowed (SKIPPED was printed). */
  readonly app: DistributedApp | null;
  /** The cluster's token and service keys (ADR 053): a test can sign as a workload, or see that a forgery fails. */
  readonly keys: ClusterKeys;
  /**
   * A test that runs against the app. With a server missing, the gate printed SKIPPED and recorded
   * the suite as skipped (a failure under CI=true), and the body does not run.
   */
  test(name: string, fn: (app: DistributedApp) => Promise<void>, timeoutMs?: number): void;
}

/**
 * Registers beforeAll/afterAll that run the whole marketplace as one process per service on a
 * fresh PostgreSQL database (dropped afterwards), NATS JetStream and Redis.
 */
export function useDistributedApp(
  suite: string,
  opts: { operator?: { email: string; password: string }; natsUrl?: () => string; autoRestart?: boolean; serviceEnv?: Partial<Record<string, Record<string, string>>>; rateLimitScale?: number; extraGateways?: number } = {},
): DistributedFixture {
  const fixture: DistributedFixture & { app: DistributedApp | null } = {
    app: null,
    keys: generateClusterKeys([...SERVICE_NAMES, 'gateway']),
    test: (name, fn, timeoutMs) =>
      it(name, async () => {
        if (fixture.app !== null) await fn(fixture.app);
      }, timeoutMs),
  };
  const database = `caskade_dist_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const output: string[] = [];
  beforeAll(async () => {
    for (const gate of gates) if (!(await gate.available(suite))) return;
    await clearRateLimits();
    fixture.app = await startDistributed({
      port: await freePort(),
      postgresUrl: POSTGRES_SERVER,
      database,
      natsUrl: opts.natsUrl?.() ?? NATS_URL,
      redisUrl: REDIS_URL,
      keys: fixture.keys,
      ...(opts.operator ? { operator: opts.operator } : {}),
      logLevel: 'warn',
      rateLimitScale: opts.rateLimitScale ?? 20,
      ...(opts.autoRestart ? { autoRestart: true } : {}),
      ...(opts.serviceEnv ? { serviceEnv: opts.serviceEnv } : {}),
      ...(opts.extraGateways ? { extraGatewayPorts: await Promise.all(Array.from({ length: opts.extraGateways }, () => freePort())) } : {}),
      onOutput: (service, line) => output.push(`${service}: ${line}`),
    });
  }, 120_000);
  afterAll(async () => {
    if (!fixture.app) return;
    await fixture.app.stop();
    await dropDatabase(POSTGRES_SERVER, database);
    const errors = output.filter((l) => /"level":"(error|fatal)"/.test(l));
    if (errors.length > 0) console.warn(`${suite}: process errors:\n${errors.join('\n')}`);
  }, 60_000);
  return fixture;
}
