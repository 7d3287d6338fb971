import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  consume(key: string): Promise<RateDecision>;
}

export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
}

/** Fixed-window limiter: shared across replicas in Redis when a client is given, per process otherwise. */
export function createRateLimiter(rule: RateLimitRule, redis?: Redis): RateLimiter {
  const base = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
  const limiter: RateLimiterAbstract = redis ? new RateLimiterRedis({ ...base, storeClient: redis }) : new RateLimiterMemory(base);
  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key, 1);
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
