/**
 * Server-rendered HTML for the pages a first visit lands on (ADR 062): the landing, search and
 * listing pages, for a visitor without a session (no session marker cookie: the page is the same
 * for everyone). The web build's server renderer (web/dist-ssr/entry-server.cjs, `vite build --ssr`)
 * renders the page from the web app's own components and API calls; the gateway only puts its HTML
 * into index.html. Without that file, on any failure or past the deadline, the plain app is sent and
 * renders in the browser as before: server rendering only ever makes a page arrive sooner.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SESSION_MARKER_COOKIE, type Logger } from '@caskade/kit';

export interface RenderedPage {
  /** Preload links of the page's LCP image, for the top of <head>. */
  headHtml: string;
  rootHtml: string;
  stateScript: string;
}

interface ServerRenderer {
  renderPage(url: string, apiOrigin: string, cookieHeader: string): Promise<RenderedPage | null>;
}

/** The web app's routes rendered on the server: the pages a first visit lands on. */
export const PRERENDERED_ROUTES: ReadonlySet<string> = new Set(['LandingPage', 'SearchPage', 'ListingPage']);
/** Past this the plain app is sent (the page still renders, in the browser). */
export const PRERENDER_DEADLINE_MS = 1500;

const isRenderer = (value: unknown): value is ServerRenderer =>
  typeof value === 'object' && value !== null && typeof (value as { renderPage?: unknown }).renderPage === 'function';

/** Whether the request carries the session marker (a signed-in browser: its pages are its own). */
export const hasSessionMarker = (cookieHeader: string | undefined): boolean =>
  (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${SESSION_MARKER_COOKIE}=`));

const ROOT = '<div id="root"></div>';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The app's module script and its preloads replaced by /boot.js (web/public), which asks for them
 * once the page's largest image has been painted: the page is on screen without them, and on a
 * slow connection they would otherwise take the bandwidth that image waits for. A page rendered in
 * the browser keeps them as they are: there the scripts are what paints.
 */
export function deferAppScripts(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_m: string, href: string) => {
    preloads.push(href);
    return '';
  });
  const boot = `<script defer src="/boot.js" data-entry="${escapeAttr(entry[1] ?? '')}" data-preload="${escapeAttr(preloads.join(' '))}"></script>`;
  return withoutPreloads.replace(ENTRY_SCRIPT, () => boot);
}
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

/**
 * `<div id="root"></div>` filled with the page, the state script after it, and the image preloads
 * first in <head> (after the charset): requested before the stylesheet and the scripts.
 */
export function injectRendered(html: string, page: RenderedPage): string {
  const at = html.indexOf(ROOT);
  if (at < 0) return html;
  // inert until the app has taken over (main.tsx lifts it): the page shows at once, and a click or
  // a keystroke before then is not lost on markup the app is about to replace.
  const body = deferAppScripts(`${html.slice(0, at)}<div id="root" inert>${page.rootHtml}</div>\n    ${page.stateScript}${html.slice(at + ROOT.length)}`);
  const charset = CHARSET.exec(body);
  if (!page.headHtml || !charset) return body;
  const end = charset.index + charset[0].length;
  return `${body.slice(0, end)}\n    ${page.headHtml}${body.slice(end)}`;
}

/**
 * The renderer of the build beside `webDist` (web/dist-ssr next to web/dist), loaded on first use
 * and again when a new build replaces it; null when there is none.
 */
export function serverRenderer(webDist: string, logger?: Logger): () => ServerRenderer | null {
  const file = path.join(path.dirname(path.resolve(webDist)), 'dist-ssr', 'entry-server.cjs');
  const load = createRequire(file);
  let cached: { mtimeMs: number; renderer: ServerRenderer | null } | null = null;
  let loading = false;
  const loadNow = (mtimeMs: number) => {
    let renderer: ServerRenderer | null = null;
    try {
      delete load.cache[file];
      const mod: unknown = load(file);
      renderer = isRenderer(mod) ? mod : null;
    } catch (err) {
      logger?.warn({ err, file }, 'the web server renderer could not be loaded; pages render in the browser');
    }
    cached = { mtimeMs, renderer };
    loading = false;
  };
  // Loading the renderer takes a while (one large file): the request that finds it missing or
  // outdated is answered with the plain app at once, and the renderer is loaded after it.
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs === mtimeMs) return cached.renderer;
    if (!loading) {
      loading = true;
      setImmediate(() => loadNow(mtimeMs));
    }
    return null;
  };
}

/** The page's HTML from the renderer, or null (none, failed, or not within the deadline). */
export async function prerender(renderer: ServerRenderer, url: string, apiOrigin: string, cookieHeader: string, logger?: Logger, deadlineMs = PRERENDER_DEADLINE_MS): Promise<RenderedPage | null> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      logger?.warn({ url, deadlineMs }, 'server rendering took longer than its deadline; the page renders in the browser');
      resolve(null);
    }, deadlineMs);
  });
  try {
    return await Promise.race([renderer.renderPage(url, apiOrigin, cookieHeader), deadline]);
  } catch (err) {
    logger?.warn({ err, url }, 'server rendering failed; the page renders in the browser');
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The cookie the server render reads (the cookie notice's consent, web/src/components/CookieConsent.tsx). */
export const CONSENT_COOKIE = 'caskade_cookie_consent';

export interface RenderCacheOptions {
  /** How long one render answers the same page (URL and consent). */
  ttlMs?: number;
  /** Renders running at once; past it the plain app is sent (the browser renders the page). */
  maxConcurrent?: number;
  /** How long a render may take before the plain app is sent (PRERENDER_DEADLINE_MS). */
  deadlineMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * A bound on what anonymous traffic can make the gateway render: the same page (URL and the
 * consent cookie, all a server render depends on) is rendered once a second however often it is
 * asked for, concurrent asks share that one render, and at most `maxConcurrent` renders run (a
 * render past its deadline still counts until it ends). Anything beyond is the plain app, which
 * renders in the browser: rendering on the server only ever makes a page arrive sooner.
 */
export function renderCache(opts: RenderCacheOptions = {}) {
  const ttlMs = opts.ttlMs ?? 1000;
  const maxConcurrent = opts.maxConcurrent ?? 4;
  const maxEntries = opts.maxEntries ?? 500;
  const now = opts.now ?? Date.now;
  const pages = new Map<string, { at: number; page: Promise<RenderedPage | null> }>();
  let running = 0;
  return {
    get running(): number {
      return running;
    },
    render(renderer: ServerRenderer, url: string, apiOrigin: string, cookieHeader: string, logger?: Logger): Promise<RenderedPage | null> {
      const consent = cookieHeader
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
      const key = `${url}\n${consent ?? ''}`;
      const hit = pages.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.page;
      if (hit) pages.delete(key);
      if (running >= maxConcurrent) return Promise.resolve(null);
      running += 1;
      const counted: ServerRenderer = {
        renderPage: (u, origin, cookies) => {
          const p = renderer.renderPage(u, origin, cookies);
          void p.then(
            () => (running -= 1),
            () => (running -= 1),
          );
          return p;
        },
      };
      // Only the cookie the render reads goes to it, so the cached page is the same for every asker.
      const page = prerender(counted, url, apiOrigin, consent ?? '', logger, opts.deadlineMs);
      pages.set(key, { at: now(), page });
      if (pages.size > maxEntries) {
        const oldest = pages.keys().next().value;
        if (oldest !== undefined) pages.delete(oldest);
      }
      // A failed or late render is not kept: the next ask tries again.
      void page.then((p) => {
        if (p === null && pages.get(key)?.page === page) pages.delete(key);
      });
      return page;
    },
  };
}
