/**
 * What a first visit costs (ADR 057), in Chromium with the app's CSP enforced: landing, search and
 * a listing page, each in a fresh browser (cold cache), as an anonymous visitor — no request about
 * a session (no 401 in the console), no CSP violation, no console error, every request finished,
 * and the JavaScript received kept under a ceiling (compressed; see JS_CEILING_BYTES). A signed-in buyer is still known
 * after a reload (the session marker cookie).
 */
import type { Page, Request } from 'playwright-core';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { chromiumGate, DEMO_PASSWORD, useBrowserApp, webBuildGate } from '../support/browser';

const TIMEOUT = 180_000;
/** Starting the seeded app on a busy 2-core machine can take minutes. */
const START_TIMEOUT = 600_000;
/**
 * Compressed JavaScript per page on a first load, as Chromium received it (the entry, the page and
 * what the page loads as it renders). Issue 12's budget is 150 KiB and is not met yet (landing
 * about 171, search 179, listing 200 KiB measured by Lighthouse, ADR 057): this ceiling only keeps
 * the pages from growing while that work is open.
 */
const JS_CEILING_BYTES = 210 * 1024;

interface Visit {
  page: Page;
  scriptBytes: Map<string, number>;
  sessionRequests: string[];
  unfinished: Set<Request>;
  failed: string[];
  consoleErrors: string[];
}

describeWithServices('browser: page load', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: START_TIMEOUT, shotPrefix: 'page-load-' });

  async function visit(path: string): Promise<Visit> {
    const page = await fx.newPage();
    const v: Visit = { page, scriptBytes: new Map(), sessionRequests: [], unfinished: new Set(), failed: [], consoleErrors: [] };
    // Every CSP violation the page reports (the test's own script is injected by the browser, outside the CSP).
    await page.addInitScript({
      content: `window.cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));`,
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') v.consoleErrors.push(msg.text());
    });
    page.on('request', (req) => {
      v.unfinished.add(req);
      const p = new URL(req.url()).pathname;
      if (p === '/api/current-user' || p.startsWith('/api/auth/')) v.sessionRequests.push(`${req.method()} ${p}`);
    });
    page.on('requestfailed', (req) => {
      v.unfinished.delete(req);
      v.failed.push(`${req.url()} ${req.failure()?.errorText ?? ''}`);
    });
    page.on('requestfinished', (req) => {
      v.unfinished.delete(req);
      if (req.resourceType() !== 'script') return;
      void req.sizes().then((s) => v.scriptBytes.set(req.url(), s.responseBodySize + s.responseHeadersSize));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    return v;
  }

  async function expectCleanFirstLoad(v: Visit, name: string): Promise<void> {
    // Sizes arrive asynchronously after requestfinished.
    await v.page.waitForTimeout(200);
    const csp = (await v.page.evaluate('window.cspViolations')) as string[];
    const total = [...v.scriptBytes.values()].reduce((a, b) => a + b, 0);
    const report = { name, sessionRequests: v.sessionRequests, csp, consoleErrors: v.consoleErrors, failed: v.failed, unfinished: [...v.unfinished].map((r) => r.url()) };
    expect(report).toEqual({ name, sessionRequests: [], csp: [], consoleErrors: [], failed: [], unfinished: [] });
    const scripts = [...v.scriptBytes.entries()].map(([url, bytes]) => `${new URL(url).pathname} ${(bytes / 1024).toFixed(1)} KiB`);
    const kib = Math.round(total / 102.4) / 10;
    process.stdout.write(`${name}: ${kib} KiB of JS in ${scripts.length} files (issue budget 150 KiB)\n`);
    if (total > JS_CEILING_BYTES) throw new Error(`${name}: ${kib} KiB of JS, over the ${JS_CEILING_BYTES / 1024} KiB ceiling: ${scripts.join(', ')}`);
    expect(v.scriptBytes.size).toBeGreaterThan(0);
  }

  test('an anonymous first visit to landing, search and a listing: no session requests, no CSP violation or console error, JS within the ceiling', async () => {
    const landing = await visit('/');
    await landing.page.getByRole('heading', { level: 1 }).waitFor();
    await landing.page.getByRole('heading', { name: 'Featured suppliers' }).waitFor();
    await expectCleanFirstLoad(landing, 'landing');

    const search = await visit('/s');
    const firstCard = search.page.getByRole('article').first();
    await firstCard.waitFor();
    // The first result's image is the page's largest paint: fetched at once, not lazily; the card titles sit under an h2.
    const image = firstCard.locator('img');
    expect(await image.getAttribute('loading')).toBe('eager');
    expect(await image.getAttribute('fetchpriority')).toBe('high');
    expect(await search.page.getByRole('region', { name: 'Search results' }).getByRole('heading', { level: 2 }).count()).toBeGreaterThan(0);
    await expectCleanFirstLoad(search, 'search');
    const href = await firstCard.getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/l\//);

    const listing = await visit(href ?? '/');
    await listing.page.getByRole('heading', { level: 1 }).waitFor();
    await expectCleanFirstLoad(listing, 'listing');
    // The photo was preloaded from the HTML and the gallery's img asked for the same file (no second download).
    const photoRequests = (await listing.page.evaluate(`performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\\/images\\/.*\\/scaled-/.test(n))`)) as string[];
    expect(photoRequests.length).toBeGreaterThan(0);
    expect(new Set(photoRequests).size).toBe(photoRequests.length);
    expect(await listing.page.locator('link[rel="preload"][as="image"]').count()).toBe(1);
  }, TIMEOUT);

  test('a signed-in buyer is still known after a reload (the session marker cookie)', async () => {
    const page = await fx.newPage();
    await page.goto('/login');
    await page.getByLabel('Email address').fill('buyer@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${fx.app.url}/`);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'caskade_session')).toMatchObject({ value: '1', httpOnly: false });
    const currentUser = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/current-user');
    await page.reload();
    expect((await currentUser).status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Log in' }).count()).resolves.toBe(0);
  }, TIMEOUT);
});
