import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { deferAppScripts, hasSessionMarker, injectRendered, renderCache, type RenderedPage } from './prerender';
import { spa } from './spa';

const INDEX = [
  '<!doctype html>',
  '<html lang="en-AU">',
  '  <head>',
  '    <meta charset="UTF-8" />',
  '    <title>Caskade</title>',
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/chunk-def.js">',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
].join('\n');

describe('server-rendered pages in index.html (ADR 062)', () => {
  test('the page fills #root, its state follows, its image preload goes first in <head>, the app starts from /boot.js', () => {
    const html = injectRendered(INDEX, {
      headHtml: '<link rel="preload" as="image" href="/images/a/scaled-800" fetchPriority="high"/>',
      rootHtml: '<main><h1>Hello</h1></main>',
      stateScript: '<script type="application/json" id="caskade-server-state">{}</script>',
    });
    expect(html).toContain('<div id="root" inert><main><h1>Hello</h1></main></div>\n    <script type="application/json" id="caskade-server-state">{}</script>');
    expect(html.indexOf('<link rel="preload" as="image"')).toBeGreaterThan(html.indexOf('<meta charset="UTF-8" />'));
    expect(html.indexOf('<link rel="preload" as="image"')).toBeLessThan(html.indexOf('<title>'));
    expect(html).toContain('<script defer src="/boot.js" data-entry="/assets/index-abc.js" data-preload="/assets/chunk-def.js"></script>');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
  });

  test('without an image preload the head is left as it was; without a #root nothing changes', () => {
    const html = injectRendered(INDEX, { headHtml: '', rootHtml: '<p>x</p>', stateScript: '' });
    expect(html.split('\n').slice(0, 5)).toEqual(INDEX.split('\n').slice(0, 5));
    expect(injectRendered('<html><body></body></html>', { headHtml: '<link rel="preload">', rootHtml: '<p>x</p>', stateScript: '' })).toBe('<html><body></body></html>');
  });

  test('a page without the app’s module script is left alone; attribute values are escaped', () => {
    expect(deferAppScripts('<head><link rel="modulepreload" crossorigin href="/a.js"></head>')).toBe('<head><link rel="modulepreload" crossorigin href="/a.js"></head>');
    expect(deferAppScripts('<script type="module" crossorigin src="/x&y.js"></script>')).toBe('<script defer src="/boot.js" data-entry="/x&amp;y.js" data-preload=""></script>');
  });

  test.each([
    [undefined, false],
    ['', false],
    ['caskade_cookie_consent=1', false],
    ['not_caskade_session=1', false],
    ['caskade_session=1', true],
    ['a=b; caskade_session=1', true],
  ])('cookie header %p: a session marker %p', (header, expected) => {
    expect(hasSessionMarker(header)).toBe(expected);
  });

  test('the gateway serves the renderer’s page to a visitor without a session, the plain app otherwise', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'spa-ssr-'));
    const dist = path.join(root, 'dist');
    mkdirSync(dist);
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    const calls: string[] = [];
    writeFileSync(
      path.join(root, 'dist-ssr', 'entry-server.cjs'),
      `exports.renderPage = async (url, apiOrigin, cookies) => {
        const u = new URL(url);
        if (u.pathname === '/s' && u.search === '?fail=1') throw new Error('boom');
        return { headHtml: '', rootHtml: '<h1>Rendered ' + u.pathname + u.search + '</h1><p>' + /^http:\\/\\/127\\.0\\.0\\.1:\\d+$/.test(apiOrigin) + '</p><i>' + cookies + '</i>', stateScript: '' };
      };`,
    );
    const server = express().use(spa(dist)).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const page = async (p: string, cookie?: string) => (await fetch(`${url}${p}`, cookie ? { headers: { cookie } } : {})).text();
      // The first request finds the renderer not loaded yet: the plain app, and the renderer loads after it.
      expect(await page('/')).toContain('<div id="root"></div>');
      await new Promise((r) => setTimeout(r, 50));
      calls.push(await page('/'), await page('/s?keywords=gin'), await page('/s', 'caskade_session=1'), await page('/cart'), await page('/s?fail=1'), await page('/', 'caskade_cookie_consent=1'));
      const [landing, search, signedIn, cart, failed, consented] = calls;
      expect(landing).toContain('<div id="root" inert><h1>Rendered /</h1><p>true</p><i></i></div>');
      // The renderer reads the request's cookies (the cookie notice's consent).
      expect(consented).toContain('<i>caskade_cookie_consent=1</i>');
      expect(search).toContain('<h1>Rendered /s?keywords=gin</h1>');
      expect(signedIn).toContain('<div id="root"></div>');
      expect(cart).toContain('<div id="root"></div>');
      expect(failed).toContain('<div id="root"></div>');
      expect(signedIn).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(landing).toContain('<script defer src="/boot.js"');
    } finally {
      server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('renderCache: what anonymous traffic can make the gateway render (ADR 062)', () => {
  const page = (rootHtml: string): RenderedPage => ({ headHtml: '', rootHtml, stateScript: '' });

  test('the same page is rendered once within the TTL, concurrent asks share it, only the consent cookie reaches the render', async () => {
    let t = 0;
    const cache = renderCache({ ttlMs: 1000, now: () => t });
    const calls: Array<[string, string]> = [];
    const renderer = {
      renderPage: async (url: string, _origin: string, cookies: string) => {
        calls.push([url, cookies]);
        return page(`<p>${calls.length}</p>`);
      },
    };
    const cookie = 'other=1; caskade_cookie_consent=1; tracking=xyz';
    const [a, b] = await Promise.all([cache.render(renderer, 'http://x/s', 'o', cookie), cache.render(renderer, 'http://x/s', 'o', 'caskade_cookie_consent=1')]);
    expect([a?.rootHtml, b?.rootHtml]).toEqual(['<p>1</p>', '<p>1</p>']);
    expect(calls).toEqual([['http://x/s', 'caskade_cookie_consent=1']]);
    // Another consent state is another page; past the TTL the page is rendered again.
    expect((await cache.render(renderer, 'http://x/s', 'o', ''))?.rootHtml).toBe('<p>2</p>');
    t = 1000;
    expect((await cache.render(renderer, 'http://x/s', 'o', cookie))?.rootHtml).toBe('<p>3</p>');
    expect(calls.map(([, c]) => c)).toEqual(['caskade_cookie_consent=1', '', 'caskade_cookie_consent=1']);
  });

  test('past maxConcurrent running renders the plain app is sent (null), and a failed render is not kept', async () => {
    const cache = renderCache({ maxConcurrent: 2 });
    const release: Array<() => void> = [];
    let failNext = false;
    const renderer = {
      renderPage: (url: string) => {
        if (failNext) return Promise.reject(new Error('boom'));
        return new Promise<RenderedPage>((resolve) => release.push(() => resolve(page(url))));
      },
    };
    const first = cache.render(renderer, 'http://x/a', 'o', '');
    const second = cache.render(renderer, 'http://x/b', 'o', '');
    expect(cache.running).toBe(2);
    expect(await cache.render(renderer, 'http://x/c', 'o', '')).toBeNull();
    for (const r of release) r();
    expect([(await first)?.rootHtml, (await second)?.rootHtml]).toEqual(['http://x/a', 'http://x/b']);
    expect(cache.running).toBe(0);
    failNext = true;
    expect(await cache.render(renderer, 'http://x/d', 'o', '')).toBeNull();
    failNext = false;
    const again = cache.render(renderer, 'http://x/d', 'o', '');
    release.at(-1)?.();
    expect((await again)?.rootHtml).toBe('http://x/d');
  });

  test('a render past its deadline sends the plain app (null), is not kept, and counts as running until it ends', async () => {
    const cache = renderCache({ deadlineMs: 50 });
    let finish: (() => void) | undefined;
    const renderer = { renderPage: (url: string) => new Promise<RenderedPage>((resolve) => (finish = () => resolve(page(url)))) };
    const started = performance.now();
    expect(await cache.render(renderer, 'http://x/slow', 'o', '')).toBeNull();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(cache.running).toBe(1);
    finish?.();
    await new Promise((r) => setImmediate(r));
    expect(cache.running).toBe(0);
    // Not kept: the next ask renders again, and this time in time.
    const again = cache.render(renderer, 'http://x/slow', 'o', '');
    finish?.();
    expect((await again)?.rootHtml).toBe('http://x/slow');
  });
});
