/**
 * The catalog's hot-read cache (docs/decisions/058): public searches and listing pages, answered
 * from memory for at most `ttlMs` and forgotten at once when this process writes a change buyers
 * can see (every such write wakes the outbox: `eventsWritten`). Another replica's write reaches this
 * one's cache by expiry, so a publish, a stock change or a close shows in search within `ttlMs`
 * (plus the query) in every run mode, with no cache server to reach or keep consistent.
 *
 * Refresh ahead: a hit on an answer older than `refreshAhead` of the TTL (half) computes it again in
 * the background (one computation per key at a time, as misses share one) and the new answer
 * replaces the old one; the old one is served meanwhile, never past its TTL. A query asked all the
 * time is then answered from memory every time and no caller waits on the database for it.
 */
export interface ReadCache {
  /** The value cached under `key` in this generation and younger than the TTL, or `compute()`'s; concurrent misses share one computation. */
  get<T extends object>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets everything: the next read of every key computes afresh. */
  invalidate(): void;
  readonly stats: { hits: number; misses: number; invalidations: number; refreshes: number };
}

export interface ReadCacheOptions {
  /** How long an answer may be served; 0 turns the cache off. */
  ttlMs: number;
  /** Answers kept at most (least recently used dropped first). */
  maxEntries?: number;
  /** A hit older than this share of the TTL computes the answer again in the background (0.5); 0: never. */
  refreshAhead?: number;
}

export function createReadCache(opts: ReadCacheOptions): ReadCache {
  const stats = { hits: 0, misses: 0, invalidations: 0, refreshes: 0 };
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
  const entries = new Map<string, { value: object; expires: number; refreshAt: number }>();
  const maxEntries = opts.maxEntries ?? 2000;
  const refreshAfter = opts.ttlMs * (opts.refreshAhead ?? 0.5);
  const inFlight = new Map<string, { generation: number; promise: Promise<object> }>();
  let generation = 0;
  const pendingFor = (key: string) => {
    const pending = inFlight.get(key);
    return pending && pending.generation === generation ? pending : undefined;
  };
  return {
    get<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit !== undefined) {
        const now = performance.now();
        if (hit.expires > now) {
          stats.hits += 1;
          if (refreshAfter > 0 && hit.refreshAt <= now && !pendingFor(key)) {
            stats.refreshes += 1;
            // Its failure is the next miss's to report: the answer in hand stays until its TTL.
            start(key, compute).catch(() => undefined);
          }
          return Promise.resolve(hit.value as T);
        }
        entries.delete(key);
      }
      const pending = pendingFor(key);
      if (pending) return pending.promise as Promise<T>;
      stats.misses += 1;
      return start(key, compute);
    },
    invalidate() {
      generation += 1;
      stats.invalidations += 1;
      entries.clear();
    },
    stats,
  };

  /** Computes `key`'s answer once (callers meanwhile share it) and keeps it unless a write landed meanwhile. */
  function start<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
    const started = generation;
    const promise = compute().then((value) => {
      // A write that landed while this was computed may not be in it: keep it only if none did.
      if (started === generation) {
        const now = performance.now();
        entries.delete(key);
        entries.set(key, { value, expires: now + opts.ttlMs, refreshAt: refreshAfter > 0 ? now + refreshAfter : Number.POSITIVE_INFINITY });
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
  }
}
