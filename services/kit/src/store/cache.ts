import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger';

/**
 * A read-through cache of JSON values with a time to live: shared by every replica in Redis when
 * a client is given, a bounded in-process LRU otherwise. The cache is an optimisation only: when
 * Redis fails, `wrap` computes the value and the caller never sees the failure.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** The cached value, or `compute()`'s, stored for `ttlSeconds`; concurrent misses in one process share one computation. */
  wrap<T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T>;
}

export interface CacheOptions {
  /** Keys are stored as `cache:<namespace>:<key>`, so services never collide. */
  namespace: string;
  redis?: Redis | undefined;
  /** Entries the in-process LRU keeps at most (memory mode). */
  maxEntries?: number;
  /** Redis reads and writes slower than this are given up (default CACHE_TIMEOUT_MS). */
  timeoutMs?: number;
  logger?: Logger;
}

interface Store {
  read(key: string): Promise<string | undefined>;
  write(key: string, value: string, ttlSeconds: number): Promise<void>;
  remove(key: string): Promise<void>;
}

/** How long a cache read or write may take before the cache is bypassed: Redis down must cost a page next to nothing. */
export const CACHE_TIMEOUT_MS = 50;

class CacheUnavailable extends Error {}

/**
 * Redis, bypassed at once while the client is not connected (ioredis would queue the command and
 * retry it for seconds) and after CACHE_TIMEOUT_MS otherwise; `wrap` then computes the value.
 */
function redisStore(redis: Redis, timeoutMs: number): Store {
  const bounded = <T>(op: () => Promise<T>): Promise<T> => {
    if (redis.status !== 'ready') return Promise.reject(new CacheUnavailable(`redis ${redis.status}`));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new CacheUnavailable(`redis slower than ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([op(), timeout]).finally(() => clearTimeout(timer));
  };
  return {
    read: async (key) => (await bounded(() => redis.get(key))) ?? undefined,
    write: async (key, value, ttlSeconds) => {
      await bounded(() => redis.set(key, value, 'EX', ttlSeconds));
    },
    remove: async (key) => {
      await bounded(() => redis.del(key));
    },
  };
}

function memoryStore(maxEntries: number): Store {
  const lru = new LRUCache<string, string>({ max: maxEntries, ttlAutopurge: false });
  return {
    read: async (key) => lru.get(key),
    write: async (key, value, ttlSeconds) => {
      lru.set(key, value, { ttl: ttlSeconds * 1000 });
    },
    remove: async (key) => {
      lru.delete(key);
    },
  };
}

export function createCache(opts: CacheOptions): Cache {
  const store = opts.redis ? redisStore(opts.redis, opts.timeoutMs ?? CACHE_TIMEOUT_MS) : memoryStore(opts.maxEntries ?? 1000);
  const full = (key: string) => `cache:${opts.namespace}:${key}`;
  const inFlight = new Map<string, Promise<unknown>>();

  const cache: Cache = {
    async get<T>(key: string): Promise<T | undefined> {
      const raw = await store.read(full(key));
      return raw === undefined ? undefined : (JSON.parse(raw) as T);
    },
    async set(key, value, ttlSeconds) {
      if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new Error(`cache ttl must be a whole number of seconds, got ${ttlSeconds}`);
      await store.write(full(key), JSON.stringify(value), ttlSeconds);
    },
    async delete(key) {
      await store.remove(full(key));
    },
    wrap<T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T> {
      const pending = inFlight.get(key) as Promise<T> | undefined;
      if (pending) return pending;
      const run = (async () => {
        try {
          const hit = await cache.get<T>(key);
          if (hit !== undefined) return hit;
        } catch (err) {
          opts.logger?.warn({ err, key }, 'cache read failed; computing');
        }
        const value = await compute();
        try {
          await cache.set(key, value, ttlSeconds);
        } catch (err) {
          opts.logger?.warn({ err, key }, 'cache write failed');
        }
        return value;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, run);
      return run;
    },
  };
  return cache;
}
