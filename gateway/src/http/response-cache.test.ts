import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { compressResponses } from './compression';
import { changedBy, createResponseCache, REFRESH_HEADER, type ResponseCache } from './response-cache';

const LISTING = '0b6f7d1e-3f4a-4c1b-9d2e-5a6b7c8d9e0f';
const DRAFT = '1c7f8e2f-4a5b-4d2c-8e3f-6b7c8d9e0f1a';

let server: Server;
let url: string;
let cache: ResponseCache;
let computed: Record<string, number>;
let reported: Array<Map<string, number>>;
/** What the search route answers next (a test changes it to see whether the cache asks again). */
let title: string;
/** Holds the search route's answer until released (an answer computed across a write). */
let hold: Promise<void> | null;

beforeEach(async () => {
  computed = {};
  reported = [];
  title = 'Pale ale';
  hold = null;
  // No refresh ahead here (a slow machine would refresh between two requests): the tests of it use their own cache.
  cache = createResponseCache({ ttlMs: 300, refreshAhead: 0, onViews: async (views) => void reported.push(new Map(views)), viewsEveryMs: 60_000 });
  const app = express();
  // Through `cache` as it is now: a test may replace it with one of another TTL.
  app.use((req, res, next) => cache.middleware(req, res, next));
  app.use(compressResponses());
  const count = (key: string) => (computed[key] = (computed[key] ?? 0) + 1);
  app.get('/api/listings', async (req, res) => {
    count(req.originalUrl);
    if (hold) await hold;
    if (req.query.page === '0') return void res.status(400).json({ errors: [{ status: 400, code: 'validation-invalid-params', title: 'bad page' }] });
    res.json({ data: { listings: [{ id: LISTING, title, description: 'x'.repeat(3000) }], pagination: { page: 1, totalItems: 1 } } });
  });
  app.get('/api/listings/:id', (req, res) => {
    count(req.originalUrl);
    res.json({ data: { id: req.params.id, state: req.params.id === DRAFT ? 'draft' : 'published', title } });
  });
  app.post('/api/own-listings/:id/close', (_req, res) => void res.json({ data: { ok: true } }));
  app.post('/api/messages', (_req, res) => void res.json({ data: { ok: true } }));
  app.post('/api/initiate-privileged', (_req, res) => void res.json({ data: { ok: true } }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await cache.stop();
  await new Promise((resolve) => server.close(resolve));
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}${path}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe('gateway response cache (anonymous catalog reads)', () => {
  it('answers a repeated anonymous search from memory with the same bytes and headers', async () => {
    const first = await get('/api/listings?keywords=ale');
    const second = await get('/api/listings?keywords=ale');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(JSON.parse(second.text)).toEqual({ data: { listings: [{ id: LISTING, title: 'Pale ale', description: 'x'.repeat(3000) }], pagination: { page: 1, totalItems: 1 } } });
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(computed['/api/listings?keywords=ale']).toBe(1);
    expect(cache.stats.hits).toBe(1);
  });

  it('never answers a signed-in caller (cookie or bearer) from memory, nor keeps their answer', async () => {
    await get('/api/listings?keywords=ale', { cookie: 'caskade_at=abc' });
    await get('/api/listings?keywords=ale', { authorization: 'Bearer abc' });
    await get('/api/listings?keywords=ale');
    await get('/api/listings?keywords=ale', { cookie: 'theme=dark; caskade_at=abc' });
    expect(computed['/api/listings?keywords=ale']).toBe(4);
  });

  it('keeps no error answer: bad input is checked every time', async () => {
    expect((await get('/api/listings?page=0')).status).toBe(400);
    expect((await get('/api/listings?page=0')).status).toBe(400);
    expect(computed['/api/listings?page=0']).toBe(2);
  });

  it('asks again once the answer is older than the TTL', async () => {
    await get('/api/listings?sort=price');
    title = 'Hazy IPA';
    expect(JSON.parse((await get('/api/listings?sort=price')).text).data.listings[0].title).toBe('Pale ale');
    await new Promise((r) => setTimeout(r, 350));
    expect(JSON.parse((await get('/api/listings?sort=price')).text).data.listings[0].title).toBe('Hazy IPA');
    expect(computed['/api/listings?sort=price']).toBe(2);
  });

  const titleOf = (text: string): string => (JSON.parse(text) as { data: { listings: Array<{ title: string }> } }).data.listings[0]?.title ?? '';
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  /** A cache of a 1 s TTL (refreshed ahead past 500 ms), so a slow machine's timers cannot outrun it. */
  const slowCache = async (extra: Partial<Parameters<typeof createResponseCache>[0]> = {}) => {
    await cache.stop();
    cache = createResponseCache({ ttlMs: 1000, ...extra });
  };

  it('refreshes a search asked for past half its TTL in the background, once at a time: no visitor waits on the recomputation', async () => {
    await slowCache();
    const path = '/api/listings?keywords=stout';
    await get(path);
    const t0 = performance.now();
    title = 'Imperial stout';
    await new Promise((r) => setTimeout(r, 520));
    let release = () => undefined as void;
    hold = new Promise((r) => (release = r));
    // Five visitors past half the TTL: all answered from memory (the old answer) while one refresh runs.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => get(path)));
    expect(answers.map((a) => [a.status, titleOf(a.text)])).toEqual(Array(5).fill([200, 'Pale ale']));
    await until(() => computed[path] === 2);
    expect([computed[path], cache.stats.refreshes]).toEqual([2, 1]);
    release();
    hold = null;
    await until(() => cache.stats.stored === 2);
    expect(titleOf((await get(path)).text)).toBe('Imperial stout');
    // Past the old answer's TTL (1 s), before the new one is half as old: still from memory.
    await new Promise((r) => setTimeout(r, Math.max(0, t0 + 1010 - performance.now())));
    expect(titleOf((await get(path)).text)).toBe('Imperial stout');
    // No visitor waited on a computation but the very first one.
    expect(cache.stats.misses).toBe(1);
  });

  it('keeps no refreshed answer computed across a forget, and never refreshes a listing page ahead (each one is a page view)', async () => {
    await slowCache();
    const path = '/api/listings?pub_category=cider';
    await get(path);
    await get(`/api/listings/${LISTING}`);
    await new Promise((r) => setTimeout(r, 520));
    let release = () => undefined as void;
    hold = new Promise((r) => (release = r));
    title = 'Scrumpy';
    await get(path);
    await get(`/api/listings/${LISTING}`);
    await until(() => computed[path] === 2);
    cache.forget();
    release();
    hold = null;
    await new Promise((r) => setTimeout(r, 30));
    expect(titleOf((await get(path)).text)).toBe('Scrumpy');
    expect([computed[path], computed[`/api/listings/${LISTING}`]]).toEqual([3, 1]);
  });

  it('keeps answers for eventsTtlMs while catalog events are heard; losing them forgets everything and shortens it again', async () => {
    await slowCache({ ttlMs: 300, eventsTtlMs: 1500, refreshAhead: 0 });
    const path = `/api/listings/${LISTING}`;
    await get(path);
    await new Promise((r) => setTimeout(r, 350));
    cache.eventsHeard(true);
    await get(path);
    expect(computed[path]).toBe(2);
    await new Promise((r) => setTimeout(r, 350));
    await get(path);
    expect(computed[path]).toBe(2);
    cache.eventsHeard(false);
    await get(path);
    expect(computed[path]).toBe(3);
    await new Promise((r) => setTimeout(r, 350));
    await get(path);
    expect(computed[path]).toBe(4);
  });

  it('keeps an answer computed soon after a forget only until the catalog replicas’ own caches have moved on', async () => {
    await slowCache({ ttlMs: 300, eventsTtlMs: 1500, upstreamCacheMs: 400, refreshAhead: 0 });
    cache.eventsHeard(true);
    const path = `/api/listings/${LISTING}`;
    const forgotAt = performance.now();
    cache.forget();
    await get(path);
    await new Promise((r) => setTimeout(r, 100));
    await get(path);
    expect(computed[path]).toBe(1);
    // Past the forget + 400 ms: asked again, and that answer (asked late enough) lasts the whole 1.5 s.
    await new Promise((r) => setTimeout(r, Math.max(0, forgotAt + 450 - performance.now())));
    await get(path);
    expect(computed[path]).toBe(2);
    await new Promise((r) => setTimeout(r, 400));
    await get(path);
    expect(computed[path]).toBe(2);
  });

  it('a stock change that keeps a listing in stock forgets only the answers showing it; while events are heard, relayed checkouts leave the rest to them', async () => {
    cache.eventsHeard(true);
    const OTHER = '2d8f9a30-5b6c-4e3d-9f40-7c8d9e0f1a2b';
    await get('/api/listings?keywords=ale');
    await get(`/api/listings/${LISTING}`);
    await get(`/api/listings/${OTHER}`);
    // The search page shows LISTING (the route's one card), and so does its page; OTHER's page does not.
    cache.forgetListings([LISTING.toUpperCase()]);
    await get('/api/listings?keywords=ale');
    await get(`/api/listings/${LISTING}`);
    await get(`/api/listings/${OTHER}`);
    expect([computed['/api/listings?keywords=ale'], computed[`/api/listings/${LISTING}`], computed[`/api/listings/${OTHER}`]]).toEqual([2, 2, 1]);
    // A checkout relayed here while events are heard: the stock events will say what changed.
    expect((await fetch(`${url}/api/initiate-privileged`, { method: 'POST' })).status).toBe(200);
    await get(`/api/listings/${OTHER}`);
    expect(computed[`/api/listings/${OTHER}`]).toBe(1);
    // A catalog edit still forgets everything at once.
    expect((await fetch(`${url}/api/own-listings/${LISTING}/close`, { method: 'POST' })).status).toBe(200);
    await get(`/api/listings/${OTHER}`);
    expect(computed[`/api/listings/${OTHER}`]).toBe(2);
  });

  it('keeps no answer computed across a change to one of its listings', async () => {
    let release = () => undefined as void;
    hold = new Promise((r) => (release = r));
    const pending = get('/api/listings?pub_category=stout');
    await new Promise((r) => setTimeout(r, 50));
    cache.forgetListings([LISTING]);
    release();
    expect((await pending).status).toBe(200);
    hold = null;
    await get('/api/listings?pub_category=stout');
    expect(computed['/api/listings?pub_category=stout']).toBe(2);
  });

  it('reads what a catalog event changes: one listing for a stock change staying above zero, everything otherwise', () => {
    const stock = (oldQuantity: number | undefined, newQuantity: number | undefined) => ({ type: 'catalog.stock.changed', data: { listingId: LISTING, oldQuantity, newQuantity, reason: 'reserved' } });
    expect(changedBy(stock(10, 9))).toEqual({ listings: [LISTING] });
    expect(changedBy(stock(3, 12))).toEqual({ listings: [LISTING] });
    // Out of stock and back in (an int32 of 0 is left out of the event's JSON).
    expect([changedBy(stock(1, 0)), changedBy(stock(1, undefined)), changedBy(stock(undefined, 5))]).toEqual(['everything', 'everything', 'everything']);
    expect(changedBy({ type: 'catalog.listing.closed', data: { listingId: LISTING } })).toBe('everything');
    expect(changedBy({ type: 'catalog.stock.changed', data: { oldQuantity: 4, newQuantity: 3 } })).toBe('everything');
    expect(changedBy({ type: 'identity.user.profile_changed', data: null })).toBe('everything');
  });

  it('treats a refresh header without the secret as any visitor: answered from memory', async () => {
    await get('/api/listings?keywords=lager');
    const forged = await get('/api/listings?keywords=lager', { [REFRESH_HEADER]: 'guess' });
    expect([forged.status, computed['/api/listings?keywords=lager']]).toEqual([200, 1]);
  });

  it('forgets everything on a catalog write relayed here (while no catalog events are heard) and on forget(), not on other writes', async () => {
    await get('/api/listings');
    await fetch(`${url}/api/messages`, { method: 'POST' });
    await get('/api/listings');
    expect(computed['/api/listings']).toBe(1);
    title = 'Closed soon';
    expect((await fetch(`${url}/api/own-listings/${LISTING}/close`, { method: 'POST' })).status).toBe(200);
    expect(JSON.parse((await get('/api/listings')).text).data.listings[0].title).toBe('Closed soon');
    cache.forget();
    await get('/api/listings');
    expect(computed['/api/listings']).toBe(3);
  });

  it('does not keep an answer computed while a write happened', async () => {
    let release = () => undefined as void;
    hold = new Promise((r) => (release = r));
    const pending = get('/api/listings?pub_category=beer');
    // The write comes once the answer is being computed (on a loaded machine that can take longer than any fixed wait).
    await until(() => computed['/api/listings?pub_category=beer'] === 1);
    cache.forget();
    release();
    expect((await pending).status).toBe(200);
    hold = null;
    await get('/api/listings?pub_category=beer');
    expect(computed['/api/listings?pub_category=beer']).toBe(2);
  });

  it('compresses the answer it just computed (fast) and a hit (the kept copy) to the same JSON, in brotli and gzip', async () => {
    for (const [path, encoding] of [['/api/listings?keywords=gin%20ale', 'br'], ['/api/listings?keywords=gin%20lager', 'gzip']] as const) {
      const miss = await fetch(`${url}${path}`, { headers: { 'accept-encoding': encoding } });
      expect(miss.headers.get('content-encoding')).toBe(encoding);
      const fresh = await miss.text();
      const hit = await fetch(`${url}${path}`, { headers: { 'accept-encoding': encoding } });
      expect(hit.headers.get('content-encoding')).toBe(encoding);
      expect([await hit.text(), computed[path]]).toEqual([fresh, 1]);
      expect(JSON.parse(fresh)).toEqual(JSON.parse((await get(path)).text));
    }
  });

  it('answers a hit compressed as the client accepts, and 304 to a matching If-None-Match', async () => {
    const plain = await get('/api/listings?keywords=gin');
    const br = await fetch(`${url}/api/listings?keywords=gin`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes the body itself: the bytes decoded are the JSON's.
    expect(await br.text()).toBe(plain.text);
    const gz = await fetch(`${url}/api/listings?keywords=gin`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(plain.text);
    const etag = plain.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    // fetch sends Cache-Control: no-cache unless told otherwise, which asks for the full answer.
    expect((await get('/api/listings?keywords=gin', { 'if-none-match': etag, 'cache-control': 'max-age=0' })).status).toBe(304);
    expect((await get('/api/listings?keywords=gin', { 'if-none-match': 'W/"other"', 'cache-control': 'max-age=0' })).status).toBe(200);
    expect(computed['/api/listings?keywords=gin']).toBe(1);
  });

  it('counts the page views it answers for published listings and reports them', async () => {
    await get(`/api/listings/${LISTING}`); // computed: the catalog counted this one
    await get(`/api/listings/${LISTING}`);
    await get(`/api/listings/${LISTING}`);
    await get(`/api/listings/${DRAFT}`);
    await get(`/api/listings/${DRAFT}`);
    await get('/api/listings');
    await get('/api/listings');
    await cache.flushViews();
    expect(reported).toEqual([new Map([[LISTING, 2]])]);
    await cache.flushViews();
    expect(reported).toHaveLength(1);
  });
});
