import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../logger';

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  consume(key: string): Promise<RateDecision>;
  /** Whether `key` has points left, without spending one (a limit that counts only failures checks first). */
  peek(key: string): Promise<RateDecision>;
  /** Forgets what `key` has spent (a success ends a run of failures). */
  reset(key: string): Promise<void>;
}

export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
}

/** How often at most a limiter repeats its "Redis is failing" warning while the outage lasts. */
const FALLBACK_WARNING_INTERVAL_MS = 60_000;

/**
 * Fixed-window limiter: shared across replicas in Redis when a client is given, per process otherwise.
 * When Redis fails (down, unreachable, not ready), the request is counted by an in-process limiter
 * instead — what rate-limiter-flexible's `insuranceLimiter` does, plus a warning — so an outage
 * loosens the limit to per-replica but never turns a limited route into a 500.
 */
export function createRateLimiter(rule: RateLimitRule, redis?: Redis, logger?: Logger): RateLimiter {
  const base = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
  const memory = new RateLimiterMemory(base);
  // rejectIfRedisNotReady: while ioredis reconnects, fall back at once rather than queue the command.
  const shared: RateLimiterAbstract | null = redis ? new RateLimiterRedis({ ...base, storeClient: redis, rejectIfRedisNotReady: true }) : null;
  let lastWarningAt = -Infinity;

  const take = async (key: string): Promise<RateLimiterRes> => {
    if (!shared) return memory.consume(key, 1);
    try {
      return await shared.consume(key, 1);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw err;
      const now = Date.now();
      if (now - lastWarningAt >= FALLBACK_WARNING_INTERVAL_MS) {
        lastWarningAt = now;
        logger?.warn({ limiter: rule.name, err: err instanceof Error ? err.message : String(err) }, 'rate limit store (Redis) failed; counting in memory');
      }
      return memory.consume(key, 1);
    }
  };

  /** The store to read or reset: Redis while it answers, else the in-process one (as `take` falls back). */
  const withStore = async <T>(op: (store: RateLimiterAbstract) => Promise<T>): Promise<T> => {
    if (!shared) return op(memory);
    try {
      return await op(shared);
    } catch {
      return op(memory);
    }
  };

  return {
    async peek(key) {
      const res = await withStore((store) => store.get(key));
      const spent = res?.consumedPoints ?? 0;
      if (spent < rule.points) return { allowed: true, remaining: rule.points - spent, retryAfterSeconds: 0 };
      return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((res?.msBeforeNext ?? 1000) / 1000)) };
    },
    async reset(key) {
      await withStore((store) => store.delete(key));
    },
    async consume(key) {
      try {
        const res = await take(key);
        return { allowed: true, remaining: res.remainingPoints, retryAfterSeconds: 0 };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
  };
}

export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
