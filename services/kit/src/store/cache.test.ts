import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describeWithServices, requireService } from '../testing/services';
import { CACHE_TIMEOUT_MS, createCache, type Cache } from './cache';
import { connectRedis } from './rate-limit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisGate = requireService('Redis', REDIS_URL, async () => {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
  } finally {
    r.disconnect();
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Behaviour both stores must share. */
function sharedBehaviour(make: () => Cache): void {
  it('stores JSON values until their time to live, and deletes them', async () => {
    const cache = make();
    const key = randomUUID();
    expect(await cache.get(key)).toBeUndefined();
    await cache.set(key, { brands: ['Hop Hill'], count: 2 }, 1);
    expect(await cache.get(key)).toEqual({ brands: ['Hop Hill'], count: 2 });
    await cache.delete(key);
    expect(await cache.get(key)).toBeUndefined();
    await cache.set(key, 'short', 1);
    await sleep(1_100);
    expect(await cache.get(key)).toBeUndefined();
  });

  it('computes once for concurrent misses and serves the stored value afterwards', async () => {
    const cache = make();
    const key = randomUUID();
    let calls = 0;
    const compute = async () => {
      calls += 1;
      await sleep(30);
      return { n: calls };
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.wrap(key, 5, compute)));
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ n: 1 })));
    expect(await cache.wrap(key, 5, compute)).toEqual({ n: 1 });
    expect(calls).toBe(1);
  });

  it('does not cache a failed computation', async () => {
    const cache = make();
    const key = randomUUID();
    await expect(cache.wrap(key, 5, async () => Promise.reject(new Error('catalog down')))).rejects.toThrow('catalog down');
    expect(await cache.wrap(key, 5, async () => 'recovered')).toBe('recovered');
  });

  it('refuses a time to live that is not a whole number of seconds', async () => {
    await expect(make().set('k', 1, 0)).rejects.toThrow('whole number of seconds');
    await expect(make().set('k', 1, 1.5)).rejects.toThrow('whole number of seconds');
  });
}

describe('cache in memory', () => {
  sharedBehaviour(() => createCache({ namespace: `test-${randomUUID()}` }));

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createCache({ namespace: 'lru', maxEntries: 2 });
    await cache.set('a', 1, 60);
    await cache.set('b', 2, 60);
    await cache.get('a');
    await cache.set('c', 3, 60);
    expect([await cache.get('a'), await cache.get('b'), await cache.get('c')]).toEqual([1, undefined, 3]);
  });
});

describeWithServices('cache in Redis', [redisGate], ({ beforeAll, afterAll, test }) => {
  let redis: Redis;
  const namespace = `test-${randomUUID()}`;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await redis.ping(); // connected: the cache bypasses a client that is not (yet) ready
  });
  afterAll(async () => {
    const keys = await redis.keys(`cache:${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  test('is shared between replicas and expires in Redis itself', async () => {
    const replicaA = createCache({ namespace, redis });
    const replicaB = createCache({ namespace, redis });
    await replicaA.set('brands', ['Hop Hill'], 2);
    expect(await replicaB.get('brands')).toEqual(['Hop Hill']);
    const ttl = await redis.ttl(`cache:${namespace}:brands`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2);
    expect(await replicaB.wrap('brands', 2, async () => ['recomputed'])).toEqual(['Hop Hill']);
  });

  test('computes the value when Redis is unreachable instead of failing the request', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    try {
      const cache = createCache({ namespace, redis: down });
      expect(await cache.wrap('brands', 5, async () => ['fresh'])).toEqual(['fresh']);
    } finally {
      down.disconnect();
    }
  });

  test('with Redis down, as the gateway connects to it (offline queue and retries), a read adds at most the cache timeout', async () => {
    // The gateway's own client (connectRedis) against a port nothing listens on: ioredis would queue
    // each command and retry for seconds; the cache gives up at once instead.
    const down = connectRedis('redis://127.0.0.1:1');
    down.on('error', () => undefined);
    try {
      const cache = createCache({ namespace, redis: down });
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        expect(await cache.wrap(`brands-${i}`, 5, async () => ['fresh'])).toEqual(['fresh']);
        expect(performance.now() - started).toBeLessThan(CACHE_TIMEOUT_MS + 50);
      }
    } finally {
      down.disconnect();
    }
  });

  test('a Redis that answers too slowly is bypassed after the timeout', async () => {
    const slow = new Redis(REDIS_URL, { maxRetriesPerRequest: 0 });
    try {
      await slow.ping();
      const cache = createCache({ namespace, redis: slow, timeoutMs: 20 });
      // Another connection pauses every client for 300 ms: the read would wait that long.
      const admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 0 });
      try {
        expect(await admin.call('CLIENT', 'PAUSE', '300', 'ALL')).toBe('OK');
        const started = performance.now();
        expect(await cache.wrap('slow-key', 5, async () => 'computed')).toBe('computed');
        expect(performance.now() - started).toBeLessThan(200);
      } finally {
        admin.disconnect();
      }
    } finally {
      slow.disconnect();
    }
  });
});
