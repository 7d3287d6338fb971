/**
 * The gateway's response cache for anonymous catalog reads (docs/decisions/064): `GET /api/listings`
 * (search) and `GET /api/listings/{id}` from a visitor who presents no access token are answered
 * from the JSON bytes an earlier identical request produced — no validation, gRPC, protobuf
 * decoding, listing view or JSON encoding — for at most `ttlMs`. Only 200 answers are kept (an
 * error is computed afresh each time, so bad input answers exactly as before).
 *
 * Freshness: the catalog's own read cache keeps an answer at most its READ_CACHE_MS (500 ms) after
 * reading it; this keeps the catalog's answer at most `ttlMs` (400 ms) more, so a publish, stock
 * change or close reaches search within 900 ms plus the queries on every replica. Sooner in
 * practice: everything is forgotten when a catalog event is broadcast (`forget`, every replica), and
 * when this gateway relays a write that can change what buyers see (`writeRequests`) — as that
 * write starts and again as it answers, and an answer computed across a write is not kept.
 *
 * Refresh ahead (searches): a hit on an answer older than half the TTL asks for the same address
 * again in the background (one request per answer at a time, over loopback to the address the hit
 * came in on, marked with a per-process secret so it passes the cache), and the new answer replaces
 * the old one. While that refresh runs, the old answer is served up to `staleMs` (100 ms) past its
 * TTL, never longer: an answer is at most TTL + staleMs (500 ms) old, and a forget drops both the
 * answer and any refresh under way. A popular search that keeps being asked is answered from memory
 * every time and no visitor waits on its recomputation. Listing pages are not refreshed ahead: each
 * computed listing page is a page view the catalog records.
 *
 * Listing pages: a page answered here is a page view the catalog did not see; views of published
 * listings are counted and reported with `onViews` every `viewsEveryMs` (the catalog batches them
 * into its page-view counter as it does its own reads).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '@caskade/kit';
import { StockChanged } from '@caskade/catalog/events';
import { ACCESS_COOKIE } from './cookies';

const SEARCH_PATH = '/api/listings';
const LISTING_PATH = /^\/api\/listings\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/** Non-GET routes that change what search and listing pages show (catalog writes, checkout's stock reservations, profile and account changes). */
export const CATALOG_WRITE_PATHS = /^\/api\/(own-listings|own-brand|operator|transactions|transaction-line-items|initiate-privileged|checkouts|standing-orders|current-user\/profile|user\/delete|payments)(\/|$)/;
/** Of those, checkout's and orders' writes: their effect on search is stock, which catalog events report listing by listing. */
const CHECKOUT_WRITE_PATHS = /^\/api\/(transactions|transaction-line-items|initiate-privileged|checkouts|standing-orders|payments)(\/|$)/;

export interface ResponseCacheOptions {
  /** How long an answer is served from memory while this gateway hears no catalog events; 0 turns the cache off. */
  ttlMs: number;
  /** How long once it hears them (`eventsHeard`): each catalog change forgets every answer, age is the fallback (ttlMs when absent). */
  eventsTtlMs?: number;
  /**
   * How old an answer a catalog replica may give from its own cache (its READ_CACHE_MS and a margin:
   * 600 ms). One computed that soon after a forget may predate the change (another replica's cache),
   * so it lasts at most until then.
   */
  upstreamCacheMs?: number;
  /** Answers kept at most (the oldest dropped first). */
  maxEntries?: number;
  /** Reports page views answered from the cache (listing id → views); called every `viewsEveryMs`. */
  onViews?: (views: Map<string, number>) => Promise<void>;
  viewsEveryMs?: number;
  /** Searches are asked again in the background once older than this share of the TTL (0.5); 0 turns refresh-ahead off. */
  refreshAhead?: number;
  /** How long past its TTL a search is still served while its refresh runs (100 ms). */
  staleMs?: number;
  logger?: Logger;
}

/** Marks the gateway's own refresh request (its value is this process's secret): it passes the cache and its answer replaces the old one. */
export const REFRESH_HEADER = 'x-caskade-cache-refresh';

interface Entry {
  body: Buffer;
  etag: string;
  expires: number;
  /** When a hit asks for this answer again in the background (searches; Infinity: never). */
  refreshAt: number;
  /** A refresh of this answer is under way. */
  refreshing: boolean;
  generation: number;
  /** The published listing a listing page shows: each answer from here is one of its page views. */
  viewOf: string | null;
  /** The listings this answer shows (a listing page's one, a search page's cards): a change to one of them alone forgets it. */
  listingIds: readonly string[];
  gzip?: Buffer;
  br?: Buffer;
}

export interface ResponseCache {
  /** Mount after the request id and security headers, before compression and the API's parsers (a hit needs neither). */
  middleware: RequestHandler;
  /** Forgets every answer (a catalog event, a write relayed here). */
  forget(): void;
  /**
   * Forgets the answers that show one of these listings: for a change that cannot move a listing
   * into or out of any answer (its stock changed and stays above zero), only those showing it differ.
   */
  forgetListings(ids: readonly string[]): void;
  /** The catalog's events reach this gateway (answers then last `eventsTtlMs`), or no longer do (`ttlMs`, and everything is forgotten). */
  eventsHeard(heard: boolean): void;
  /** Reports the page views counted so far. */
  flushViews(): Promise<void>;
  stop(): Promise<void>;
  readonly stats: { hits: number; misses: number; stored: number; forgets: number; refreshes: number };
}

/** A compressed copy is made once per entry, for the first client that accepts it (smaller than the JSON, or none). */
export const BROTLI_WINDOW_BITS = 18;

/**
 * The answer that was just computed (a miss) goes out compressed fast (brotli 3, gzip 1: a quarter
 * of the time for about a tenth more bytes), so the first visitor does not wait for the thorough
 * copy; the first hit makes and keeps that one (a long-tail query asked once never pays for it).
 */
function encoded(entry: Entry, encoding: 'br' | 'gzip', justComputed: boolean): Buffer {
  if (justComputed && !(encoding === 'br' ? entry.br : entry.gzip)) {
    return encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
      : gzipSync(entry.body, { level: 1 });
  }
  if (encoding === 'br') {
    // A 256 KB window (lgwin 18), not brotli's 4 MB default: the same bytes for any answer up to that
    // size, a third less time (0.6 → 0.4 ms for a 48 KB search page), no 4 MB allocation per answer.
    entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } });
    return entry.br;
  }
  entry.gzip ??= gzipSync(entry.body, { level: 6 });
  return entry.gzip;
}

const COMPRESS_ABOVE = 1024;

/**
 * What a catalog event changes in the anonymous answers: a stock change that keeps a listing in
 * stock changes only the answers showing it (its quantity and stock level); anything else (a stock
 * change to or from zero moves the listing into or out of searches and their pages; a publish,
 * close or edit; a profile rename) may change any answer.
 */
export function changedBy(event: { type: string; data: unknown }): { listings: string[] } | 'everything' {
  if (event.type !== StockChanged.subject) return 'everything';
  const data = event.data as { listingId?: unknown; oldQuantity?: unknown; newQuantity?: unknown } | null;
  const inStock = (q: unknown) => typeof q === 'number' && q > 0;
  if (typeof data?.listingId !== 'string' || !data.listingId || !inStock(data.oldQuantity) || !inStock(data.newQuantity)) return 'everything';
  return { listings: [data.listingId] };
}

/** The ids (lower case) of the listings an answer shows: a listing page's own, a search page's cards. */
function listingsShown(data: { id?: unknown; listings?: unknown } | undefined, listingPage: boolean): string[] {
  if (listingPage) return typeof data?.id === 'string' ? [data.id.toLowerCase()] : [];
  if (!Array.isArray(data?.listings)) return [];
  return data.listings.flatMap((l: unknown) => {
    const id = (l as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? [id.toLowerCase()] : [];
  });
}

export function createResponseCache(opts: ResponseCacheOptions): ResponseCache {
  const stats = { hits: 0, misses: 0, stored: 0, forgets: 0, refreshes: 0 };
  const secret = randomBytes(24).toString('base64url');
  const refreshAhead = opts.refreshAhead ?? 0.5;
  const staleMs = refreshAhead > 0 ? (opts.staleMs ?? 100) : 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const entries = new Map<string, Entry>();
  const maxEntries = opts.maxEntries ?? 1000;
  let generation = 0;
  let views = new Map<string, number>();
  let ttlMs = opts.ttlMs;
  let heardEvents = false;
  const upstreamCacheMs = opts.upstreamCacheMs ?? 600;
  /** When everything was last forgotten (performance.now()). */
  let forgotAt = Number.NEGATIVE_INFINITY;
  const forget = () => {
    generation += 1;
    stats.forgets += 1;
    forgotAt = performance.now();
    entries.clear();
    listingForgotAt.clear();
  };
  /** When each listing was last forgotten on its own (since the last forget of everything; pruned after 30 s). */
  const listingForgotAt = new Map<string, number>();
  const forgetListings = (ids: readonly string[]) => {
    const now = performance.now();
    if (listingForgotAt.size > 10_000) {
      for (const [id, at] of listingForgotAt) if (at + 30_000 < now) listingForgotAt.delete(id);
    }
    const forgotten = new Set(ids.map((id) => id.toLowerCase()));
    for (const id of forgotten) listingForgotAt.set(id, now);
    for (const [key, entry] of entries) if (entry.listingIds.some((id) => forgotten.has(id))) entries.delete(key);
  };
  /** The last time one of these listings, or everything, was forgotten. */
  const lastForgetOf = (ids: readonly string[]): number => {
    let last = forgotAt;
    for (const id of ids) last = Math.max(last, listingForgotAt.get(id) ?? Number.NEGATIVE_INFINITY);
    return last;
  };

  const flushViews = async (): Promise<void> => {
    if (views.size === 0 || !opts.onViews) return;
    const batch = views;
    views = new Map();
    try {
      await opts.onViews(batch);
    } catch (err) {
      // Given back to the next report: a catalog blip loses no views.
      for (const [id, n] of batch) views.set(id, (views.get(id) ?? 0) + n);
      opts.logger?.warn({ err, listings: batch.size }, 'page views answered from the response cache not reported yet');
    }
  };
  /** Asks for `entry`'s address again on the connection's own local address and port; the answer is stored by the miss path below. */
  const refresh = (req: Request, key: string, entry: Entry) => {
    const host = req.socket.localAddress;
    const port = req.socket.localPort;
    if (!host || !port) return;
    entry.refreshing = true;
    stats.refreshes += 1;
    const done = (err?: Error) => {
      entry.refreshing = false;
      if (err) opts.logger?.warn({ err, path: key }, 'search answer not refreshed ahead; the next request after its TTL asks again');
    };
    const out = httpRequest({ host, port, path: key, method: 'GET', agent, headers: { [REFRESH_HEADER]: secret, 'accept-encoding': 'identity' } }, (res) => {
      res.resume();
      res.once('end', () => done());
      res.once('error', done);
    });
    out.setTimeout(10_000, () => out.destroy(new Error('refresh timed out')));
    out.once('error', done);
    out.end();
  };

  const timer = opts.onViews ? setInterval(() => void flushViews(), opts.viewsEveryMs ?? 2000) : null;
  timer?.unref();

  const send = (req: Request, res: Response, entry: Entry, justComputed = false) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('ETag', entry.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const accepted = entry.body.length > COMPRESS_ABOVE ? req.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
    if (accepted === 'br' || accepted === 'gzip') {
      // The compression middleware leaves an encoded body alone.
      res.setHeader('Content-Encoding', accepted);
      res.status(200).end(encoded(entry, accepted, justComputed));
      return;
    }
    res.status(200).end(entry.body);
  };

  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (opts.ttlMs <= 0) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // A catalog edit relayed here forgets everything at once (its author's next anonymous look
      // shows it). Checkout's writes, the frequent ones, change stock: while catalog events are
      // heard, those say which listings changed (each alone while it stays in stock).
      if (CATALOG_WRITE_PATHS.test(req.path) && !(heardEvents && CHECKOUT_WRITE_PATHS.test(req.path))) {
        forget();
        res.once('finish', forget);
      }
      return next();
    }
    if (req.method !== 'GET') return next();
    const path = req.path;
    const listing = path === SEARCH_PATH ? null : LISTING_PATH.exec(path);
    if (path !== SEARCH_PATH && !listing) return next();
    // Anonymous only: a signed-in caller's answer depends on who asks (their own listings' transitions,
    // drafts). Any access cookie or Authorization header passes by (the cookie is not parsed yet here).
    if (req.headers.authorization !== undefined || req.headers.cookie?.includes(`${ACCESS_COOKIE}=`)) return next();
    const key = req.originalUrl;
    const now = performance.now();
    const hit = entries.get(key);
    const refreshing = req.headers[REFRESH_HEADER] === secret;
    if (hit !== undefined && !refreshing) {
      const fresh = hit.expires > now;
      // Past its TTL, a search is served a little longer only while its refresh runs.
      const stale = !fresh && hit.refreshAt !== Number.POSITIVE_INFINITY && hit.expires + staleMs > now;
      if ((fresh || stale) && hit.generation === generation) {
        stats.hits += 1;
        if (hit.viewOf) views.set(hit.viewOf, (views.get(hit.viewOf) ?? 0) + 1);
        if (hit.refreshAt <= now && !hit.refreshing) refresh(req, key, hit);
        send(req, res, hit);
        return;
      }
      entries.delete(key);
    }
    if (!refreshing) stats.misses += 1;
    const started = generation;
    const startedAt = performance.now();
    // The route answers with res.json({ data }): keep those bytes when the answer is a 200.
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 200 || started !== generation) return json(body);
      const data = (body as { data?: { id?: unknown; state?: unknown; listings?: unknown } } | null)?.data;
      const listingIds = listingsShown(data, listing !== null);
      const lastForget = lastForgetOf(listingIds);
      // One of its listings changed while it was computed: answered, not kept.
      if (startedAt < lastForget) return json(body);
      const bytes = Buffer.from(JSON.stringify(body));
      const stored = performance.now();
      // Asked so soon after a forget that another catalog replica may have answered from before the
      // change: kept only until that replica's cache has surely moved on.
      const lifetime = startedAt < lastForget + upstreamCacheMs ? Math.max(0, Math.min(ttlMs, lastForget + upstreamCacheMs - stored)) : ttlMs;
      const entry: Entry = {
        body: bytes,
        etag: `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64url').slice(0, 27)}"`,
        expires: stored + lifetime,
        refreshAt: listing === null && refreshAhead > 0 ? stored + lifetime * refreshAhead : Number.POSITIVE_INFINITY,
        refreshing: false,
        generation: started,
        viewOf: listing && data?.state === 'published' && typeof data.id === 'string' ? data.id : null,
        listingIds,
      };
      entries.delete(key);
      entries.set(key, entry);
      stats.stored += 1;
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      send(req, res, entry, true);
      return res;
    };
    next();
  };

  return {
    middleware,
    forget,
    forgetListings,
    eventsHeard(heard: boolean) {
      if (opts.ttlMs <= 0) return;
      heardEvents = heard;
      ttlMs = heard ? Math.max(opts.ttlMs, opts.eventsTtlMs ?? opts.ttlMs) : opts.ttlMs;
      // Events may have been missed while not heard: nothing kept from before counts.
      if (!heard) forget();
    },
    flushViews,
    async stop() {
      if (timer) clearInterval(timer);
      agent.destroy();
      await flushViews();
    },
    stats,
  };
}
