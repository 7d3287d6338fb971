/**
 * Browser suites' shared fixture: the Chromium and web-build gates, one embedded app and one
 * Chromium per suite, pages in fresh contexts (en-AU, Melbourne time, cookie notice accepted unless
 * asked otherwise), screenshots under /tmp/shots and an axe check. An uncaught error in any page
 * fails the test that opened it (with afterEach) or the suite at its close.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { requireService, type GatedSuite } from '@caskade/kit/testing';
import { startApp, type TestApp } from './app';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The built web app the embedded app serves: TEST_WEB_DIST when set (tests/support/app.ts), else web/dist. */
const WEB_BUILD = path.join(process.env.TEST_WEB_DIST ?? path.resolve(__dirname, '..', '..', 'web', 'dist'), 'index.html');
const SHOTS = '/tmp/shots';
export const DEMO_PASSWORD = 'Caskade-demo-2026';

export const chromiumGate = requireService('Chromium', CHROMIUM, async () => {
  if (!existsSync(CHROMIUM)) throw new Error('not installed (apt-get install -y chromium)');
});
export const webBuildGate = requireService('web build', WEB_BUILD, async () => {
  if (!existsSync(WEB_BUILD)) throw new Error('run `npm run build -w @caskade/web` first');
});

export interface PageOptions {
  width?: number;
  height?: number;
  /** false leaves the cookie notice up. */
  consent?: boolean;
  /** true lets a test inject scripts (axe) that the app's CSP would refuse. */
  bypassCSP?: boolean;
}

export interface BrowserFixture {
  /** The embedded app under test (set once beforeAll has run). */
  readonly app: TestApp;
  newPage(options?: PageOptions): Promise<Page>;
  /** A full-page screenshot at /tmp/shots/<prefix><name>.png, for a human look at the design. */
  shot(page: Page, name: string): Promise<void>;
}

/**
 * Registers beforeAll/afterAll on the gated suite that start the app and Chromium and close them
 * after. Uncaught page errors ('pageerror' events; a throw in the listener would be lost) are
 * collected: given afterEach, every test closes its pages and fails on its own errors; the suite's
 * close fails on any left over.
 */
export function useBrowserApp(
  t: Pick<GatedSuite, 'beforeAll' | 'afterAll'> & Partial<Pick<GatedSuite, 'afterEach'>>,
  opts: { timeout: number; shotPrefix?: string; bypassCSP?: boolean; app?: () => Promise<Parameters<typeof startApp>[0]> },
): BrowserFixture {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  const closeContexts = async (): Promise<void> => {
    const open = contexts;
    contexts = [];
    for (const context of open) await context.close().catch(() => undefined);
  };
  /** `alsoFailed`: an error the caller is unwinding with (teardown), named in the page-error report that replaces it. */
  const assertNoPageErrors = (when: string, alsoFailed?: unknown): void => {
    const errors = pageErrors.splice(0);
    if (errors.length === 0) return;
    const also = alsoFailed === undefined ? '' : `\n(teardown also failed: ${alsoFailed instanceof Error ? (alsoFailed.stack ?? alsoFailed.message) : String(alsoFailed)})`;
    throw new Error(`${errors.length} uncaught page error(s) ${when}:\n${errors.join('\n')}${also}`);
  };

  t.beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startApp(opts.app ? await opts.app() : {});
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
    });
  }, opts.timeout);

  t.afterEach?.(async () => {
    await closeContexts();
    assertNoPageErrors('in this test');
  }, opts.timeout);

  t.afterAll(async () => {
    // Page errors are reported even when closing Chromium or stopping the app fails.
    let teardownError: unknown;
    try {
      await closeContexts();
      try {
        await browser?.close();
      } finally {
        await app?.stop();
      }
    } catch (error) {
      teardownError = error;
      throw error;
    } finally {
      assertNoPageErrors('in this suite', teardownError);
    }
  }, opts.timeout);

  const started = (): { app: TestApp; browser: Browser } => {
    if (!app || !browser) throw new Error('the browser fixture has not started (beforeAll did not run)');
    return { app, browser };
  };

  return {
    get app() {
      return started().app;
    },
    async newPage(options: PageOptions = {}): Promise<Page> {
      const { app: running, browser: chrome } = started();
      const context = await chrome.newContext({
        baseURL: running.url,
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        locale: 'en-AU',
        timezoneId: 'Australia/Melbourne',
        bypassCSP: options.bypassCSP ?? opts.bypassCSP ?? false,
      });
      contexts.push(context);
      if (options.consent !== false) {
        // Most scenarios are not about the cookie notice; accept it up front so it covers nothing.
        await context.addCookies([{ name: 'caskade_cookie_consent', value: '1', url: running.url }]);
      }
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (error) => {
        pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`);
      });
      return page;
    },
    async shot(page: Page, name: string): Promise<void> {
      await page.screenshot({ path: path.join(SHOTS, `${opts.shotPrefix ?? ''}${name}.png`), fullPage: true });
    },
  };
}

/** The alert (inline validation or form message) carrying `text`. */
export const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** The page's serious and critical axe violations, one line each (the context must bypass CSP). */
export async function axeSeriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const g = globalThis as unknown as AxeGlobals;
    const result = await g.axe.run(g.document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

/** The browser globals axe needs (the root tsconfig has no DOM library; the cast vanishes when compiled). */
interface AxeGlobals {
  document: unknown;
  axe: { run(context: unknown, options: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> };
}
