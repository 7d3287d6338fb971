import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { describeWithServices, requireService, uniqueName } from '../testing/services';
import { connectRedis, createRateLimiter, type RateDecision, type RateLimiter } from './rate-limit';

async function consumeTimes(limiter: RateLimiter, key: string, n: number): Promise<RateDecision[]> {
  const out: RateDecision[] = [];
  for (let i = 0; i < n; i++) out.push(await limiter.consume(key));
  return out;
}

describe('createRateLimiter (memory)', () => {
  beforeEach(() => {
    // Date and setTimeout faked (the memory store reads Date.now and expires records by timer); promises stay real.
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z'), doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  });
  afterEach(() => jest.useRealTimers());

  test('allows N within the window, counting down remaining', async () => {
    const limiter = createRateLimiter({ name: 'login', points: 3, durationSeconds: 60 });
    expect(await consumeTimes(limiter, 'ip-1', 3)).toEqual([
      { allowed: true, remaining: 2, retryAfterSeconds: 0 },
      { allowed: true, remaining: 1, retryAfterSeconds: 0 },
      { allowed: true, remaining: 0, retryAfterSeconds: 0 },
    ]);
  });

  test('refuses N+1 with the seconds left in the window, and keeps refusing within it', async () => {
    const limiter = createRateLimiter({ name: 'login', points: 3, durationSeconds: 60 });
    await consumeTimes(limiter, 'ip-1', 3);
    expect(await limiter.consume('ip-1')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 60 });
    jest.advanceTimersByTime(45_500);
    const later = await limiter.consume('ip-1');
    expect(later.allowed).toBe(false);
    expect(later.retryAfterSeconds).toBe(15); // ceil(14.5)
    jest.advanceTimersByTime(14_000);
    expect(await limiter.consume('ip-1')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
  });

  test('peek says whether a key has points left without spending one; reset forgets what it spent', async () => {
    const limiter = createRateLimiter({ name: 'login-account', points: 2, durationSeconds: 60 });
    expect(await limiter.peek('a@example.com')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    await consumeTimes(limiter, 'a@example.com', 2);
    expect(await limiter.peek('a@example.com')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 60 });
    expect(await limiter.peek('a@example.com')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 60 });
    await limiter.reset('a@example.com');
    expect(await limiter.peek('a@example.com')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(await limiter.consume('a@example.com')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
  });

  test('allows again once the window has passed (fixed window from the first hit)', async () => {
    const limiter = createRateLimiter({ name: 'login', points: 2, durationSeconds: 10 });
    await consumeTimes(limiter, 'ip-1', 2);
    jest.advanceTimersByTime(9_000);
    expect((await limiter.consume('ip-1')).allowed).toBe(false);
    jest.advanceTimersByTime(1_001);
    expect(await limiter.consume('ip-1')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect((await limiter.consume('ip-1')).allowed).toBe(true);
    expect((await limiter.consume('ip-1')).allowed).toBe(false);
  });

  test('refused attempts do not extend the window', async () => {
    const limiter = createRateLimiter({ name: 'login', points: 1, durationSeconds: 10 });
    await limiter.consume('ip-1');
    for (let i = 0; i < 9; i++) {
      jest.advanceTimersByTime(1_000);
      expect((await limiter.consume('ip-1')).allowed).toBe(false);
    }
    jest.advanceTimersByTime(1_001);
    expect((await limiter.consume('ip-1')).allowed).toBe(true);
  });

  test('keys are counted separately', async () => {
    const limiter = createRateLimiter({ name: 'login', points: 1, durationSeconds: 60 });
    expect((await limiter.consume('a')).allowed).toBe(true);
    expect((await limiter.consume('a')).allowed).toBe(false);
    expect((await limiter.consume('b')).allowed).toBe(true);
  });

  test('retryAfterSeconds is never below 1 when refused', async () => {
    const limiter = createRateLimiter({ name: 'login', points: 1, durationSeconds: 1 });
    await limiter.consume('k');
    jest.advanceTimersByTime(999);
    const refused = await limiter.consume('k');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(1);
  });
});

describe('createRateLimiter (Redis unreachable)', () => {
  // Nothing listens on port 1: every command fails, as in a Redis outage.
  let redis: Redis;
  beforeEach(() => {
    redis = connectRedis('redis://127.0.0.1:1');
    redis.on('error', () => undefined);
  });
  afterEach(() => redis.disconnect());

  test('keeps limiting in memory, never throws, and warns once', async () => {
    const warn = jest.fn();
    const logger = { warn } as unknown as Logger;
    const limiter = createRateLimiter({ name: uniqueName('kit_rl_down'), points: 2, durationSeconds: 60 }, redis, logger);
    const decisions = await consumeTimes(limiter, 'ip-1', 3);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(decisions[2]?.retryAfterSeconds).toBeGreaterThan(0);
    expect((await limiter.consume('ip-2')).allowed).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/Redis/);
  }, 10_000);
});

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisGate = requireService('Redis', TEST_REDIS_URL, async () => {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null, connectTimeout: 2000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } finally {
    probe.disconnect();
  }
});

describeWithServices('createRateLimiter (Redis)', [redisGate], (t) => {
  let redis: Redis;
  const run = uniqueName('kit_rl_test');
  const rule = (suffix: string, points: number, durationSeconds: number) => ({ name: `${run}_${suffix}`, points, durationSeconds });

  t.beforeAll(async () => {
    redis = connectRedis(TEST_REDIS_URL);
    await redis.ping();
  });
  t.afterAll(async () => {
    const keys = await redis.keys(`rl:${run}_*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  t.test('allows N, refuses N+1 with retryAfterSeconds > 0, stores under rl:<name>', async () => {
    const limiter = createRateLimiter(rule('basic', 3, 30), redis);
    expect(await consumeTimes(limiter, 'ip-1', 3)).toEqual([
      { allowed: true, remaining: 2, retryAfterSeconds: 0 },
      { allowed: true, remaining: 1, retryAfterSeconds: 0 },
      { allowed: true, remaining: 0, retryAfterSeconds: 0 },
    ]);
    const refused = await limiter.consume('ip-1');
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(await redis.exists(`rl:${run}_basic:ip-1`)).toBe(1);
    const ttl = await redis.pttl(`rl:${run}_basic:ip-1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });

  t.test('limiters with the same rule share the count (as replicas do); other keys and rules do not', async () => {
    const a = createRateLimiter(rule('shared', 2, 30), redis);
    const b = createRateLimiter(rule('shared', 2, 30), redis);
    const other = createRateLimiter(rule('other', 2, 30), redis);
    expect((await a.consume('u')).allowed).toBe(true);
    expect((await b.consume('u')).allowed).toBe(true);
    expect((await a.consume('u')).allowed).toBe(false);
    expect((await b.consume('u')).allowed).toBe(false);
    expect((await a.consume('v')).allowed).toBe(true);
    expect((await other.consume('u')).allowed).toBe(true);
  });

  t.test('peek and reset read and clear the shared count (one replica sees another’s failures, and their reset)', async () => {
    const a = createRateLimiter(rule('peek', 2, 30), redis);
    const b = createRateLimiter(rule('peek', 2, 30), redis);
    await a.consume('acct');
    expect((await b.peek('acct')).remaining).toBe(1);
    await b.consume('acct');
    const refused = await a.peek('acct');
    expect([refused.allowed, refused.retryAfterSeconds > 0 && refused.retryAfterSeconds <= 30]).toEqual([false, true]);
    await b.reset('acct');
    expect(await a.peek('acct')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
  });

  t.test('allows again after the window', async () => {
    const limiter = createRateLimiter(rule('window', 1, 1), redis);
    expect((await limiter.consume('k')).allowed).toBe(true);
    const refused = await limiter.consume('k');
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1_150));
    expect(await limiter.consume('k')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
  }, 10_000);

  t.test('concurrent consumes never allow more than N', async () => {
    const limiter = createRateLimiter(rule('burst', 5, 30), redis);
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.consume('burst')));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds > 0)).toBe(true);
  });
});
