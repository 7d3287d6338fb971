/**
 * How the gateway delivers the web app and the API (ADR 057): precompressed brotli/gzip for the
 * built assets with a year's immutable caching, index.html revalidated on every load, API answers
 * never stored and compressed on the fly, server-sent events never compressed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { createCache, createLogger, SERVICE_NAMES } from '@caskade/kit';
import { createGatewayApp } from '../app';
import { createClients, closeClients } from '../clients';
import { gatewayEnv } from '../config';
import { createRateLimiters } from './rate-limits';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const INDEX = `<!doctype html><html><head><title>Caskade</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (fetch would decode the body and hide Content-Encoding's effect). */
function get(base: string, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${urlPath}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const listen = async (app: express.Express): Promise<{ server: Server; base: string }> => {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe('the gateway app delivers the web build and the API', () => {
  let dist: string;
  let server: Server;
  let base: string;
  let clients: ReturnType<typeof createClients>;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gateway-delivery-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'app-3f9a1c.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'app-3f9a1c.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'app-3f9a1c.js.gz'), gzipSync(SCRIPT));
    // A file the build did not compress (too small to gain): served as it is.
    writeFileSync(path.join(dist, 'assets', 'tiny-77aa00.js'), 'export {};\n');
    const logger = createLogger('delivery-test', 'silent');
    const addresses = Object.fromEntries(SERVICE_NAMES.map((n) => [`${n.toUpperCase()}_ADDR`, '127.0.0.1:1']));
    const env = gatewayEnv.parse({ NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1', WEB_DIST: dist, ...addresses });
    clients = createClients(env, logger);
    const app = createGatewayApp({ env, clients, limiters: createRateLimiters(1, undefined, logger), logger, cache: createCache({ namespace: 'delivery-test', logger }), upstreams: [] });
    ({ server, base } = await listen(app));
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    closeClients(clients);
    rmSync(dist, { recursive: true, force: true });
  });

  test('a hashed asset: the brotli file when accepted, cached a year and immutable, not no-store', async () => {
    const res = await get(base, '/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(String(res.headers['vary'])).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    // Only the headers that protect the file itself; the page's policy headers stay on pages.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    const page = await get(base, '/', { 'accept-encoding': 'br' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('gzip for a browser without brotli, the plain file for one that accepts neither', async () => {
    const gz = await get(base, '/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get(base, '/assets/app-3f9a1c.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const tiny = await get(base, '/assets/tiny-77aa00.js', { 'accept-encoding': 'br' });
    expect(tiny.status).toBe(200);
    expect(tiny.body.toString()).toBe('export {};\n');
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a missing asset is a 404, never index.html', async () => {
    const res = await get(base, '/assets/gone-000000.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('<div id="root">');
  });

  test('index.html (any page address) is revalidated on every load and compressed', async () => {
    for (const page of ['/', '/s', '/about']) {
      const res = await get(base, page, { 'accept-encoding': 'gzip, br' });
      expect({ page, status: res.status, cache: res.headers['cache-control'], encoding: res.headers['content-encoding'] }).toEqual({ page, status: 200, cache: 'no-cache', encoding: 'br' });
      // The page's head tags are injected; the rest is the built file.
      expect(brotliDecompressSync(res.body).toString()).toContain('<div id="root"></div><!-- padding -->');
    }
  });

  test('API answers stay no-store and large JSON is compressed', async () => {
    const res = await get(base, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBe('gzip');
    const doc = JSON.parse(gunzipSync(res.body).toString()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
    const missing = await get(base, '/api/no-such-thing', { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('the compression filter', () => {
  test('server-sent events go out uncompressed, event by event; other text is compressed', async () => {
    const { compressResponses } = await import('./compression');
    const app = express();
    app.use(compressResponses());
    const line = `data: ${'x'.repeat(2000)}\n\n`;
    app.get('/stream', (_req, res) => {
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.write(line);
      res.end();
    });
    app.get('/text', (_req, res) => {
      res.type('text/plain').send(line);
    });
    const { server, base } = await listen(app);
    try {
      const stream = await get(base, '/stream', { 'accept-encoding': 'gzip, br' });
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.body.toString()).toBe(line);
      const text = await get(base, '/text', { 'accept-encoding': 'gzip, br' });
      expect(text.headers['content-encoding']).toBe('br');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
