import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { AppError, CATEGORY_LABELS, CURRENCY, isCategory, SERVICE_CATEGORY_LABELS, isServiceCategory, type Logger } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { GatewayClients } from '../clients';

export interface SeoOptions {
  publicUrl: string;
  clients: Pick<GatewayClients, 'catalog' | 'identity'>;
  logger?: Logger;
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const LISTING_PATH = new RegExp(`^/l/(?:[^/]+/)?(${UUID})/?$`);
const PROFILE_PATH = new RegExp(`^/u/(${UUID})/?$`);
const SITE = 'Caskade';
const DESCRIPTION_MAX = 200;

/** Static pages worth indexing, for sitemap.xml. */
const STATIC_PATHS = ['/', '/s', '/about', '/faq', '/contact-us', '/membership/supplier', '/membership/services', '/terms-of-service', '/privacy-policy'];

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
  ];
  let out = html.replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(meta.title)}</title>`);
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  out = /<meta\s+name="description"[^>]*>/.test(out) ? out.replace(/<meta\s+name="description"[^>]*>/, description) : out.replace('</head>', `    ${description}\n  </head>`);
  return out.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

const money = (cents: number): string => (cents / 100).toFixed(2);
const categoryLabel = (c: string): string => (isCategory(c) ? CATEGORY_LABELS[c] : isServiceCategory(c) ? SERVICE_CATEGORY_LABELS[c] : c);

/** Title, description and schema.org Product/Offer data of a listing page. */
export function listingMeta(l: catalog.Listing, base: string): PageMeta {
  const f = l.fields;
  const title = f?.title || 'Untitled listing';
  const brand = l.author?.brandName ?? '';
  const url = `${base}/l/${l.slug}/${l.id}`;
  const images = l.images.map((i) => i.variants.find((v) => v.name === 'listing-card-2x') ?? i.variants[0]).filter((v) => v !== undefined).map((v) => `${base}${v.url}`);
  const prices = (f?.pricePackages ?? []).map((p) => p.priceCents);
  const availability = l.state !== 'published' ? 'https://schema.org/Discontinued' : l.stockQuantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const seller = { '@type': 'Organization', name: brand || l.author?.displayName || SITE, url: `${base}/u/${l.author?.id ?? ''}` };
  const offers = prices.length > 1
    ? { '@type': 'AggregateOffer', priceCurrency: CURRENCY, lowPrice: money(Math.min(...prices)), highPrice: money(Math.max(...prices)), offerCount: prices.length, availability, url, seller }
    : { '@type': 'Offer', priceCurrency: CURRENCY, price: money(prices[0] ?? l.priceCents), availability, url, seller };
  const description = clip(f?.description || `${title}${brand ? ` by ${brand}` : ''}: ${categoryLabel(f?.category ?? '')} on ${SITE}.`);
  return {
    title: `${title}${brand ? ` · ${brand}` : ''} | ${SITE}`,
    description,
    canonical: url,
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
  const description = clip(brand?.description || user.bio || `${name} on ${SITE}, the wholesale marketplace for Australian craft drinks.`);
  return {
    title: `${name} | ${SITE}`,
    description,
    canonical: url,
    ...(logo ? { image: `${base}${logo.url}` } : {}),
    type: 'profile',
    jsonLd: { '@context': 'https://schema.org', '@type': 'Organization', name, description, url, ...(logo ? { logo: `${base}${logo.url}` } : {}) },
  };
}

const system = { requestId: 'seo', caller: null };

async function metaFor(urlPath: string, seo: SeoOptions): Promise<{ meta: PageMeta | null; status: number }> {
  const base = seo.publicUrl.replace(/\/$/, '');
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

function sitemapXml(base: string, entries: catalog.SitemapEntry[]): string {
  const url = (loc: string, lastmod?: string) => `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const lines = [
    ...STATIC_PATHS.map((p) => url(`${base}${p}`)),
    ...entries.map((e) => (e.kind === 'listing' ? url(`${base}/l/${e.slug}/${e.id}`, e.updatedAt) : url(`${base}/u/${e.id}`, e.updatedAt))),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(base: string): string {
  const privatePaths = ['/api/', '/account', '/cart', '/checkout', '/inbox', '/orders', '/sales', '/listings', '/profile-settings', '/messages', '/l/new', '/analytics', '/operator'];
  return ['User-agent: *', ...privatePaths.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every other GET that is
 * not an API call (the SPA renders its own not-found page for unknown routes). With `seo`, listing
 * pages (/l/{slug}/{id}, /l/{id}) and brand pages (/u/{id}) get their title, description, Open
 * Graph tags and schema.org JSON-LD in the HTML, and /sitemap.xml and /robots.txt are served.
 */
export function spa(webDist: string, seo?: SeoOptions): Router {
  const router = express.Router();
  const dist = path.resolve(webDist);
  const indexFile = path.join(dist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = (): string | null => {
    if (!existsSync(indexFile)) return null;
    const mtimeMs = statSync(indexFile).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
    return cached.html;
  };
  if (seo) {
    const base = seo.publicUrl.replace(/\/$/, '');
    router.get('/robots.txt', (_req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('text/plain').send(robotsTxt(base));
    });
    router.get('/sitemap.xml', async (_req: Request, res: Response) => {
      const entries = await seo.clients.catalog.listSitemapEntries({ limit: 0 }, system, { deadlineMs: 10_000 }).then(
        (out) => out.entries,
        (err: unknown) => {
          seo.logger?.warn({ err }, 'sitemap entries unavailable');
          return [];
        },
      );
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('application/xml').send(sitemapXml(base, entries));
    });
  }
  router.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  router.use(express.static(dist, { index: false, maxAge: '1h' }));
  router.get(/^(?!\/api(\/|$)).*/, async (req: Request, res: Response) => {
    const html = indexHtml();
    if (html === null) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (!seo) {
      res.type('html').send(html);
      return;
    }
    const { meta, status } = await metaFor(req.path, seo);
    res.status(status).type('html').send(meta ? injectMeta(html, meta) : html);
  });
  return router;
}
