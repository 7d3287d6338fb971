import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { AppError, withGst, CATEGORY_LABELS, CURRENCY, MAX_INT32, NOT_FOUND_PATH, ROUTE_PATHS, type Logger } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { GatewayClients } from '../clients';
import { hasSessionMarker, injectRendered, PRERENDERED_ROUTES, renderCache, serverRenderer, type RenderedPage } from './prerender';
import { isCategory, LISTING_GALLERY_SIZES, SERVICE_CATEGORY_LABELS, isServiceCategory, scaledSrcSet } from '@caskade/catalog/domain';

export interface SeoOptions {
  publicUrl: string;
  clients: Pick<GatewayClients, 'catalog' | 'identity'>;
  logger?: Logger;
  /** PRERENDER_DEADLINE_MS (default PRERENDER_DEADLINE_MS of prerender.ts). */
  prerenderDeadlineMs?: number;
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const LISTING_PATH = new RegExp(`^/l/(?:[^/]+/)?(${UUID})/?$`);
const PROFILE_PATH = new RegExp(`^/u/(${UUID})/?$`);
const SITE = 'Caskade';
const DESCRIPTION_MAX = 200;

/** Static pages worth indexing, for the static sitemap. */
const STATIC_PATHS = ['/', '/s', '/about', '/faq', '/contact-us', '/membership/supplier', '/membership/services', '/terms-of-service', '/privacy-policy'];
/** The sitemap protocol's limit of URLs in one sitemap file (and of sitemaps in an index). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The web app's route patterns (ROUTE_PATHS, the table its router reads too): any other path gets
 * the app with HTTP 404, and the app renders its not-found page there. The not-found page's own
 * address is not a route of its own here.
 */
export const SPA_ROUTES: readonly string[] = Object.values(ROUTE_PATHS).filter((p) => p !== NOT_FOUND_PATH);

/** A react-router pattern as a regular expression: `:param` is one segment, a trailing `*` anything; case and a trailing slash ignored. */
export function routePattern(route: string): RegExp {
  if (route === '/') return /^\/?$/;
  const body = route
    .split('/')
    .slice(1)
    .map((seg) => (seg === '*' ? '(?:/.*)?' : seg.startsWith(':') ? '/[^/]+' : `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}

const SPA_PATTERNS = SPA_ROUTES.map(routePattern);
/** Route names and patterns, the most specific first (fewest parameters): `/l/new` before `/l/:id`. */
const NAMED_PATTERNS = Object.entries(ROUTE_PATHS)
  .filter(([, p]) => p !== NOT_FOUND_PATH)
  .map(([name, p]) => ({ name, re: routePattern(p), params: (p.match(/[:*]/g) ?? []).length }))
  .sort((a, b) => a.params - b.params);

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * For each page the router loads as `src/pages/<RouteName>.tsx`, the JS files it needs beyond the
 * entry's (its chunk and static imports), from the build's Vite manifest: index.html then asks for
 * them at once (modulepreload) instead of after the app's code has run (ADR 057). Empty when the
 * build has no manifest.
 */
export function pagePreloads(manifestJson: string | null): (urlPath: string) => string[] {
  if (!manifestJson) return () => [];
  const manifest = JSON.parse(manifestJson) as Record<string, ManifestChunk>;
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const shell = entry ? closure(entry, new Set()) : new Set<string>();
  const byRoute = new Map<string, string[]>();
  for (const { name } of NAMED_PATTERNS) {
    const page = `src/pages/${name}.tsx`;
    if (!manifest[page]) continue;
    const files = [...closure(page, new Set())].filter((k) => !shell.has(k)).map((k) => manifest[k]?.file ?? '').filter((f) => f.endsWith('.js'));
    byRoute.set(name, files);
  }
  return (urlPath) => {
    const route = NAMED_PATTERNS.find((r) => r.re.test(urlPath));
    return (route && byRoute.get(route.name)) ?? [];
  };
}

/** index.html with modulepreload links for these built files (names from the manifest, never from the request). */
export function injectPreloads(html: string, files: string[]): string {
  if (files.length === 0) return html;
  const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}">`).join('\n    ');
  return replaceFirst(html, /<\/head>/, `    ${links}\n  </head>`);
}
/** Whether the web app has a page at this path (its own not-found page aside). */
export const isSpaRoute = (urlPath: string): boolean => SPA_PATTERNS.some((re) => re.test(urlPath));

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** JSON inside <script>: nothing in it can close the element or start a comment. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const clip = (s: string, max = DESCRIPTION_MAX): string => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image?: string;
  type: 'product' | 'profile' | 'website';
  jsonLd?: unknown;
  /** The page's largest image, preloaded from the HTML instead of after the app's code and data (ADR 057). */
  preloadImage?: { href: string; srcset: string; sizes: string };
}

/** index.html with the page's title, description, canonical link, Open Graph and Twitter tags and JSON-LD. */
export function injectMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />`,
    `<meta property="og:locale" content="en_AU" />`,
    ...(meta.image
      ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`, `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />`]
      : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    ...(meta.jsonLd ? [`<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>`] : []),
    ...(meta.preloadImage
      ? [
          `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage.href)}"${meta.preloadImage.srcset ? ` imagesrcset="${escapeHtml(meta.preloadImage.srcset)}" imagesizes="${escapeHtml(meta.preloadImage.sizes)}"` : ''} fetchpriority="high" />`,
        ]
      : []),
  ];
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  let out = replaceFirst(html, /<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(meta.title)}</title>`);
  const hadDescription = /<meta\s+name="description"[^>]*>/.test(out);
  if (hadDescription) out = replaceFirst(out, /<meta\s+name="description"[^>]*>/, description);
  return replaceFirst(out, /<\/head>/, `    ${[...(hadDescription ? [] : [description]), ...tags].join('\n    ')}\n  </head>`);
}

/**
 * The first match of `pattern` replaced by `text`, taken literally. User text (titles, names, bios)
 * ends up in `text`, so it is never a replacement string: `$&`, `` $` ``, `$'` or `$1` in a title
 * would otherwise be expanded (a 1 KB title once grew a page to 23 MB).
 */
export function replaceFirst(source: string, pattern: RegExp, text: string): string {
  const match = pattern.exec(source);
  if (!match) return source;
  return source.slice(0, match.index) + text + source.slice(match.index + match[0].length);
}

const money = (cents: number): string => (cents / 100).toFixed(2);
/** Listing prices are stored ex GST; the listing page's headline, and so the structured data, is what the buyer pays. */
const incGst = (exGstCents: number): number => withGst(exGstCents).incGst;
const categoryLabel = (c: string): string => (isCategory(c) ? CATEGORY_LABELS[c] : isServiceCategory(c) ? SERVICE_CATEGORY_LABELS[c] : c);

const withoutPreload = (meta: PageMeta): PageMeta => {
  const copy = { ...meta };
  delete copy.preloadImage;
  return copy;
};

/** Title, description and schema.org Product/Offer data of a listing page. */
export function listingMeta(l: catalog.Listing, base: string): PageMeta {
  const f = l.fields;
  const title = f?.title || 'Untitled listing';
  const brand = l.author?.brandName ?? '';
  const url = `${base}/l/${l.slug}/${l.id}`;
  const images = l.images.map((i) => i.variants.find((v) => v.name === 'listing-card-2x') ?? i.variants[0]).filter((v) => v !== undefined).map((v) => `${base}${v.url}`);
  // GST-inclusive, as the page's headline price, and marked so (valueAddedTaxIncluded).
  const prices = (f?.pricePackages ?? []).map((p) => incGst(p.priceCents));
  const availability = l.state !== 'published' ? 'https://schema.org/Discontinued' : l.stockQuantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const seller = { '@type': 'Organization', name: brand || l.author?.displayName || SITE, url: `${base}/u/${l.author?.id ?? ''}` };
  const single = money(prices[0] ?? incGst(l.priceCents));
  const offers = prices.length > 1
    ? {
        '@type': 'AggregateOffer', priceCurrency: CURRENCY, lowPrice: money(Math.min(...prices)), highPrice: money(Math.max(...prices)), offerCount: prices.length,
        priceSpecification: { '@type': 'PriceSpecification', priceCurrency: CURRENCY, minPrice: money(Math.min(...prices)), maxPrice: money(Math.max(...prices)), valueAddedTaxIncluded: true },
        availability, url, seller,
      }
    : {
        '@type': 'Offer', priceCurrency: CURRENCY, price: single,
        priceSpecification: { '@type': 'UnitPriceSpecification', priceCurrency: CURRENCY, price: single, valueAddedTaxIncluded: true },
        availability, url, seller,
      };
  const description = clip(f?.description || `${title}${brand ? ` by ${brand}` : ''}: ${categoryLabel(f?.category ?? '')} on ${SITE}.`);
  // The gallery's first photo, as the page's img asks for it (the same srcset and sizes, so it is fetched once).
  const first = l.images[0];
  const variant = (name: string) => first?.variants.find((v) => v.name === name);
  const fallback = variant('scaled-800') ?? variant('listing-card-2x');
  return {
    title: `${title}${brand ? ` · ${brand}` : ''} | ${SITE}`,
    description,
    canonical: url,
    ...(fallback ? { preloadImage: { href: fallback.url, srcset: scaledSrcSet(variant), sizes: LISTING_GALLERY_SIZES } } : {}),
    ...(images[0] ? { image: images[0] } : {}),
    type: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: title,
      description,
      url,
      ...(images.length > 0 ? { image: images } : {}),
      ...(f?.pricePackages[0]?.sku ? { sku: f.pricePackages[0].sku } : {}),
      ...(f?.category ? { category: categoryLabel(f.category) } : {}),
      ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
      offers,
    },
  };
}

/** Title, description and schema.org Organization data of a supplier's brand page. */
export function profileMeta(user: { id: string; displayName: string; brandName: string; bio: string }, brand: catalog.Brand | undefined, base: string): PageMeta {
  const name = brand?.brandName || user.brandName || user.displayName || 'Supplier';
  const url = `${base}/u/${user.id}`;
  const logo = brand?.logo?.variants.find((v) => v.name === 'listing-card-2x');
  // The wide header image suits link previews best; the logo otherwise.
  const header = brand?.headerImage?.variants.find((v) => v.name === 'scaled-1600') ?? brand?.headerImage?.variants.find((v) => v.name.startsWith('scaled-'));
  const image = header ?? logo;
  const description = clip(brand?.description || user.bio || `${name} on ${SITE}, the wholesale marketplace for Australian craft drinks.`);
  return {
    title: `${name} | ${SITE}`,
    description,
    canonical: url,
    ...(image ? { image: `${base}${image.url}` } : {}),
    type: 'profile',
    jsonLd: { '@context': 'https://schema.org', '@type': 'Organization', name, description, url, ...(logo ? { logo: `${base}${logo.url}` } : {}) },
  };
}

/** The landing and search pages: fixed titles and descriptions (search results are not canonical pages of their own). */
export function staticMeta(urlPath: string, base: string): PageMeta | null {
  if (urlPath === '/' || urlPath === '') {
    return {
      title: `${SITE} · Wholesale craft drinks marketplace`,
      description: 'Caskade is the wholesale marketplace for Australia’s craft and independent drinks trade: order beer, wine, spirits and more from many suppliers in one cart.',
      canonical: `${base}/`,
      type: 'website',
    };
  }
  if (/^\/s\/?$/i.test(urlPath)) {
    return {
      title: `Search wholesale beer, wine, spirits and trade services | ${SITE}`,
      description: 'Search every listing with stock on Caskade by keyword, category, supplier and price, and order from many independent Australian suppliers in one cart.',
      canonical: `${base}/s`,
      type: 'website',
    };
  }
  return null;
}

const system = { requestId: 'seo', caller: null };

async function metaFor(urlPath: string, seo: SeoOptions): Promise<{ meta: PageMeta | null; status: number }> {
  const base = seo.publicUrl.replace(/\/$/, '');
  const fixed = staticMeta(urlPath, base);
  if (fixed) return { meta: fixed, status: 200 };
  const listingId = LISTING_PATH.exec(urlPath)?.[1];
  const profileId = PROFILE_PATH.exec(urlPath)?.[1];
  try {
    if (listingId) {
      const { listing } = await seo.clients.catalog.getListing({ id: listingId, recordView: false }, system, { deadlineMs: 1500 });
      return { meta: listing ? listingMeta(listing, base) : null, status: 200 };
    }
    if (profileId) {
      const { users } = await seo.clients.identity.getUsers({ ids: [profileId] }, system, { deadlineMs: 1500 });
      const user = users[0];
      if (!user || user.banned || user.deleted) return { meta: null, status: user ? 200 : 404 };
      const brand = await seo.clients.catalog.getBrand({ id: profileId }, system, { deadlineMs: 1500 }).then((b) => b.brand, () => undefined);
      return { meta: profileMeta(user, brand, base), status: 200 };
    }
  } catch (err) {
    // A listing that is not public answers 404 (the SPA shows its page); anything else serves the plain page.
    if (err instanceof AppError && err.code === 'not-found') return { meta: null, status: 404 };
    seo.logger?.warn({ err, path: urlPath }, 'page metadata unavailable');
  }
  return { meta: null, status: 200 };
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One sitemap file (at most SITEMAP_MAX_URLS URLs). */
/** The first entry of sitemap page `page` (from 1), or null when it is beyond what the catalog can be asked for (int32). */
export function sitemapOffset(page: number): number | null {
  const offset = (page - 1) * SITEMAP_MAX_URLS;
  return Number.isSafeInteger(offset) && offset >= 0 && offset <= MAX_INT32 ? offset : null;
}

export function urlsetXml(urls: { loc: string; lastmod?: string }[]): string {
  const lines = urls.map((u) => `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`);
  return `${xmlHead}<urlset xmlns="${SITEMAP_NS}">\n${lines.join('\n')}\n</urlset>\n`;
}

/** The sitemap index: the static pages' sitemap, then the listing and brand sitemaps, SITEMAP_MAX_URLS entries each. */
export function sitemapIndexXml(base: string, totals: { listings: number; brands: number }): string {
  const pages = (n: number) => Array.from({ length: Math.ceil(n / SITEMAP_MAX_URLS) }, (_, i) => i + 1);
  const locs = [`${base}/sitemaps/static.xml`, ...pages(totals.listings).map((n) => `${base}/sitemaps/listings-${n}.xml`), ...pages(totals.brands).map((n) => `${base}/sitemaps/brands-${n}.xml`)];
  const lines = locs.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`);
  return `${xmlHead}<sitemapindex xmlns="${SITEMAP_NS}">\n${lines.join('\n')}\n</sitemapindex>\n`;
}

export function robotsTxt(base: string): string {
  const privatePaths = ['/api/', '/account', '/cart', '/checkout', '/inbox', '/orders', '/sales', '/listings', '/profile-settings', '/messages', '/l/new', '/analytics', '/operator'];
  // The sitemap index, which lists the paged sitemaps under /sitemaps/.
  return ['User-agent: *', ...privatePaths.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

/**
 * Serves the built SPA: hashed assets cached for a year (precompressed brotli or gzip when accepted),
 * index.html (no-cache) for every other GET that is
 * not an API call (with 404 for paths outside the app's route table, where the SPA renders its own
 * not-found page). With `seo`, listing pages (/l/{slug}/{id}, /l/{id}) and brand pages (/u/{id})
 * get their title, description, Open Graph tags and schema.org JSON-LD in the HTML, the landing
 * and search pages their title, description and Open Graph tags, and /robots.txt, the sitemap
 * index /sitemap.xml and its sitemaps (/sitemaps/static.xml, /sitemaps/listings-N.xml,
 * /sitemaps/brands-N.xml, SITEMAP_MAX_URLS URLs each) are served.
 */
export function spa(webDist: string, seo?: SeoOptions): Router {
  const router = express.Router();
  const dist = path.resolve(webDist);
  const indexFile = path.join(dist, 'index.html');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; html: string; preloads: (urlPath: string) => string[] } | null = null;
  // index.html and the manifest come from the same build: read again together when it changes.
  const built = (): { html: string; preloads: (urlPath: string) => string[] } | null => {
    if (!existsSync(indexFile)) return null;
    const mtimeMs = statSync(indexFile).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, html: readFileSync(indexFile, 'utf8'), preloads: pagePreloads(existsSync(manifestFile) ? readFileSync(manifestFile, 'utf8') : null) };
    }
    return cached;
  };
  if (seo) {
    const base = seo.publicUrl.replace(/\/$/, '');
    router.get('/robots.txt', (_req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('text/plain').send(robotsTxt(base));
    });
    const unavailable = (res: Response, err: unknown) => {
      // A crawler should come back later rather than read an empty or partial sitemap.
      seo.logger?.warn({ err }, 'sitemap entries unavailable');
      res.setHeader('Retry-After', '300');
      res.status(503).type('text/plain').send('The sitemap is unavailable right now.');
    };
    const sitemapCache = (res: Response) => res.setHeader('Cache-Control', 'public, max-age=3600');
    router.get('/sitemap.xml', async (_req: Request, res: Response) => {
      try {
        const [listings, brands] = await Promise.all(
          (['listing', 'brand'] as const).map((kind) => seo.clients.catalog.listSitemapEntries({ kind, limit: 1, offset: 0 }, system, { deadlineMs: 10_000 })),
        );
        sitemapCache(res);
        res.type('application/xml').send(sitemapIndexXml(base, { listings: listings?.total ?? 0, brands: brands?.total ?? 0 }));
      } catch (err) {
        unavailable(res, err);
      }
    });
    router.get('/sitemaps/static.xml', (_req: Request, res: Response) => {
      sitemapCache(res);
      res.type('application/xml').send(urlsetXml(STATIC_PATHS.map((p) => ({ loc: `${base}${p}` }))));
    });
    router.get(/^\/sitemaps\/(listings|brands)-([1-9]\d{0,5})\.xml$/, async (req: Request, res: Response) => {
      const [, which = '', n = '1'] = /^\/sitemaps\/(listings|brands)-(\d+)\.xml$/.exec(req.path) ?? [];
      const kind = which === 'listings' ? 'listing' : 'brand';
      const offset = sitemapOffset(Number(n));
      // Past any possible end: the offset does not even fit the request's int32 field.
      if (offset === null) {
        res.status(404).type('text/plain').send('No such sitemap.');
        return;
      }
      try {
        const out = await seo.clients.catalog.listSitemapEntries({ kind, limit: SITEMAP_MAX_URLS, offset }, system, { deadlineMs: 20_000 });
        // A page past the end (the first one always exists, if empty).
        if (out.entries.length === 0 && offset > 0) {
          res.status(404).type('text/plain').send('No such sitemap.');
          return;
        }
        sitemapCache(res);
        res.type('application/xml').send(
          urlsetXml(out.entries.map((e) => ({ loc: e.kind === 'listing' ? `${base}/l/${e.slug}/${e.id}` : `${base}/u/${e.id}`, lastmod: e.updatedAt }))),
        );
      } catch (err) {
        unavailable(res, err);
      }
    });
  }
  // Hashed file names: a year, immutable. The build's .br/.gz beside each file are sent to browsers
  // that accept them (Content-Encoding, Vary: Accept-Encoding); express-static-gzip lists them once here.
  router.use(
    '/assets',
    expressStaticGzip(path.join(dist, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: false },
    }),
  );
  router.use(express.static(dist, { index: false, maxAge: '1h' }));
  const renderer = serverRenderer(dist, seo?.logger);
  const renders = renderCache(seo?.prerenderDeadlineMs === undefined ? {} : { deadlineMs: seo.prerenderDeadlineMs });
  const renderedPage = async (req: Request): Promise<RenderedPage | null> => {
    const route = NAMED_PATTERNS.find((r) => r.re.test(req.path));
    if (!route || !PRERENDERED_ROUTES.has(route.name) || hasSessionMarker(req.headers.cookie)) return null;
    const ssr = renderer();
    if (!ssr) return null;
    // The page's API calls go to this gateway, at the address the request came in on.
    const local = req.socket.localAddress ?? '127.0.0.1';
    const host = local.startsWith('::ffff:') ? local.slice('::ffff:'.length) : local.includes(':') ? `[${local}]` : local;
    // Its cookies too: the page reads them as the browser would (the cookie notice's consent).
    return renders.render(ssr, new URL(req.originalUrl, 'http://caskade.invalid').href, `http://${host}:${req.socket.localPort ?? 80}`, req.headers.cookie ?? '', seo?.logger);
  };
  router.get(/^(?!\/api(\/|$)).*/, async (req: Request, res: Response) => {
    const build = built();
    if (build === null) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    const html = injectPreloads(build.html, build.preloads(req.path));
    // Not one of the app's routes: the app still loads and shows its not-found page, with a 404.
    if (!isSpaRoute(req.path)) {
      res.status(404).type('html').send(html);
      return;
    }
    // The landing, search and listing pages of a visitor without a session, as HTML (ADR 062).
    const rendered = renderedPage(req);
    if (!seo) {
      const page = await rendered;
      res.type('html').send(page ? injectRendered(html, page) : html);
      return;
    }
    const [{ meta, status }, page] = await Promise.all([metaFor(req.path, seo), rendered]);
    // A rendered page brings its own preload of the same photo (first in <head>): one link, not two.
    const withMeta = meta ? injectMeta(html, page?.headHtml ? withoutPreload(meta) : meta) : html;
    res.status(status).type('html').send(page && status === 200 ? injectRendered(withMeta, page) : withMeta);
  });
  return router;
}
