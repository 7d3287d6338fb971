import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { compressResponses } from './compression';
import { createResponseCache, type ResponseCache } from './response-cache';

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
  cache = createResponseCache({ ttlMs: 300, onViews: async (views) => void reported.push(new Map(views)), viewsEveryMs: 60_000 });
  const app = express();
  app.use(cache.middleware);
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

  it('forgets everything on a catalog write relayed here and on forget(), not on other writes', async () => {
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
    await new Promise((r) => setTimeout(r, 50));
    cache.forget();
    release();
    expect((await pending).status).toBe(200);
    hold = null;
    await get('/api/listings?pub_category=beer');
    expect(computed['/api/listings?pub_category=beer']).toBe(2);
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
