/**
 * The catalog's hot-read cache (docs/decisions/058): public searches and listing pages, answered
 * from memory for at most `ttlMs` and forgotten at once when this process writes a change buyers
 * can see (every such write wakes the outbox: `eventsWritten`). Another replica's write reaches this
 * one's cache by expiry, so a publish, a stock change or a close shows in search within `ttlMs`
 * (plus the query) in every run mode, with no cache server to reach or keep consistent.
 */
export interface ReadCache {
  /** The value cached under `key` in this generation and younger than the TTL, or `compute()`'s; concurrent misses share one computation. */
  get<T extends object>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets everything: the next read of every key computes afresh. */
  invalidate(): void;
  readonly stats: { hits: number; misses: number; invalidations: number };
}

export interface ReadCacheOptions {
  /** How long an answer may be served; 0 turns the cache off. */
  ttlMs: number;
  /** Answers kept at most (least recently used dropped first). */
  maxEntries?: number;
}

export function createReadCache(opts: ReadCacheOptions): ReadCache {
  const stats = { hits: 0, misses: 0, invalidations: 0 };
  if (opts.ttlMs <= 0) {
    return {
      get: (_key, compute) => {
        stats.misses += 1;
        return compute();
      },
      invalidate: () => void (stats.invalidations += 1),
      stats,
    };
  }
  // A Map in insertion order: entries live under a second, so dropping the oldest is as good as an LRU.
  const entries = new Map<string, { value: object; expires: number }>();
  const maxEntries = opts.maxEntries ?? 2000;
  const inFlight = new Map<string, { generation: number; promise: Promise<object> }>();
  let generation = 0;
  return {
    get<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit !== undefined) {
        if (hit.expires > performance.now()) {
          stats.hits += 1;
          return Promise.resolve(hit.value as T);
        }
        entries.delete(key);
      }
      const pending = inFlight.get(key);
      if (pending && pending.generation === generation) return pending.promise as Promise<T>;
      stats.misses += 1;
      const started = generation;
      const promise = compute().then((value) => {
        // A write that landed while this was computed may not be in it: keep it only if none did.
        if (started === generation) {
          entries.delete(key);
          entries.set(key, { value, expires: performance.now() + opts.ttlMs });
          if (entries.size > maxEntries) {
            const oldest = entries.keys().next();
            if (!oldest.done) entries.delete(oldest.value);
          }
        }
        return value;
      });
      const entry = { generation: started, promise };
      inFlight.set(key, entry);
      const forget = () => {
        if (inFlight.get(key) === entry) inFlight.delete(key);
      };
      promise.then(forget, forget);
      return promise;
    },
    invalidate() {
      generation += 1;
      stats.invalidations += 1;
      entries.clear();
    },
    stats,
  };
}
