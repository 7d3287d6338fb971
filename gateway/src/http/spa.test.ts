import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { catalog } from '@caskade/proto';
import {
  SITEMAP_MAX_URLS, SPA_ROUTES, injectMeta, injectPreloads, pagePreloads, isSpaRoute, listingMeta, profileMeta, replaceFirst, robotsTxt, sitemapIndexXml, sitemapOffset, spa, staticMeta, urlsetXml, type SeoOptions,
} from './spa';

describe('the SPA route table', () => {
  test('every route of the shared table is recognised with sample values, and the not-found page is not one', () => {
    expect(SPA_ROUTES.length).toBeGreaterThan(50);
    const samples = SPA_ROUTES.map((route) => route.replace(/:[A-Za-z]+/g, 'x1').replace('/*', '/a/b'));
    expect(samples.filter((p) => !isSpaRoute(p))).toEqual([]);
    expect(SPA_ROUTES).not.toContain('/notfound');
  });

  test.each([
    ['/', true],
    ['/s', true],
    ['/S/', true],
    ['/l/some-slug/8d3f0b1e-2f7a-4a52-9a53-0a5c0f6a1b2c', true],
    ['/l/new', true],
    ['/l/x/y/draft/photos', true],
    ['/u/abc', true],
    ['/styleguide', true],
    ['/styleguide/buttons/primary', true],
    ['/account/contact-details/info', true],
    ['/nope', false],
    ['/notfound', false],
    ['/account/nope', false],
    ['/l/a/b/c/d/e/f', false],
    ['/u/a/b/c', false],
    ['/s.', false],
  ])('%s is a route: %s', (p, known) => {
    expect(isSpaRoute(p)).toBe(known);
  });
});

describe('sitemaps', () => {
  test('a sitemap page whose offset does not fit int32 answers 404 without asking the catalog', async () => {
    expect(sitemapOffset(1)).toBe(0);
    expect(sitemapOffset(42_950)).toBe(42_949 * SITEMAP_MAX_URLS);
    expect(sitemapOffset(42_951)).toBeNull();
    const asked: number[] = [];
    const listSitemapEntries = async (req: catalog.ListSitemapEntriesRequest): Promise<catalog.ListSitemapEntriesResponse> => {
      asked.push(req.offset ?? 0);
      catalog.ListSitemapEntriesRequest.encode(req); // what the gRPC client does: throws beyond int32
      return { entries: req.offset === 0 ? [{ kind: 'listing', id: 'a', slug: 'a', updatedAt: '2026-01-01T00:00:00.000Z' }] : [], total: 1 };
    };
    const seo = { publicUrl: 'https://c.example', clients: { catalog: { listSitemapEntries }, identity: {} } } as unknown as SeoOptions;
    const dist = mkdtempSync(path.join(tmpdir(), 'spa-dist-'));
    const server = express().use(spa(dist, seo)).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const status = async (p: string) => (await fetch(`${url}${p}`)).status;
      expect(await status('/sitemaps/listings-1.xml')).toBe(200);
      expect(await status('/sitemaps/listings-2.xml')).toBe(404);
      for (const page of ['42951', '999999']) {
        for (const kind of ['listings', 'brands']) expect({ page, kind, status: await status(`/sitemaps/${kind}-${page}.xml`) }).toEqual({ page, kind, status: 404 });
      }
      expect(asked).toEqual([0, SITEMAP_MAX_URLS]);
    } finally {
      server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  test('the index lists the static sitemap and one listings/brands sitemap per 50,000', () => {
    const xml = sitemapIndexXml('https://caskade.example', { listings: 100_001, brands: 30 });
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://caskade.example/sitemaps/static.xml',
      'https://caskade.example/sitemaps/listings-1.xml',
      'https://caskade.example/sitemaps/listings-2.xml',
      'https://caskade.example/sitemaps/listings-3.xml',
      'https://caskade.example/sitemaps/brands-1.xml',
    ]);
    expect(SITEMAP_MAX_URLS).toBe(50_000);
  });

  test('no listings: only the static sitemap', () => {
    expect([...sitemapIndexXml('https://c.example', { listings: 0, brands: 0 }).matchAll(/<loc>/g)]).toHaveLength(1);
  });

  test('a sitemap escapes its URLs and keeps the date of lastmod', () => {
    const xml = urlsetXml([{ loc: 'https://c.example/l/a&b/1', lastmod: '2026-01-02T03:04:05.000Z' }]);
    expect(xml).toContain('<url><loc>https://c.example/l/a&amp;b/1</loc><lastmod>2026-01-02</lastmod></url>');
  });

  test('robots.txt points to the sitemap index', () => {
    expect(robotsTxt('https://c.example')).toContain('Sitemap: https://c.example/sitemap.xml');
  });
});

const listing = (packages: number[]): catalog.Listing =>
  ({
    id: 'l1',
    slug: 'pale-ale',
    state: 'published',
    stockQuantity: 5,
    priceCents: packages[0] ?? 0,
    images: [],
    author: { id: 'u1', brandName: 'Hops Co', displayName: 'Hops' },
    fields: { title: 'Pale Ale', description: 'Hoppy.', category: 'beer', pricePackages: packages.map((priceCents) => ({ priceCents, sku: '' })) },
  }) as unknown as catalog.Listing;

describe('index.html asks for the page’s code at once', () => {
  const manifest = JSON.stringify({
    'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js'] },
    '_react-b2.js': { file: 'assets/react-b2.js' },
    '_card-c3.js': { file: 'assets/card-c3.js', imports: ['_react-b2.js'] },
    'src/pages/LandingPage.tsx': { file: 'assets/LandingPage-d4.js', imports: ['_react-b2.js', '_card-c3.js'] },
    'src/pages/ListingPage.tsx': { file: 'assets/ListingPage-e5.js', imports: ['_card-c3.js'] },
    'src/pages/NewListingPage.tsx': { file: 'assets/NewListingPage-f6.js' },
  });

  test('each route gets its page chunk and static imports, less what the entry already loads', () => {
    const preloads = pagePreloads(manifest);
    expect(preloads('/')).toEqual(['assets/LandingPage-d4.js', 'assets/card-c3.js']);
    expect(preloads('/l/pale-ale/8d3f0b1e-2f7a-4a52-9a53-0a5c0f6a1b2c')).toEqual(['assets/ListingPage-e5.js', 'assets/card-c3.js']);
    // The most specific route wins: /l/new is the new-listing page, not a listing id.
    expect(preloads('/l/new')).toEqual(['assets/NewListingPage-f6.js']);
    expect(preloads('/s')).toEqual([]);
    expect(preloads('/nope')).toEqual([]);
    expect(pagePreloads(null)('/')).toEqual([]);
  });

  test('the links go before </head>; none leaves the page as it was', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(injectPreloads(html, [])).toBe(html);
    expect(injectPreloads(html, ['assets/LandingPage-d4.js'])).toContain('<link rel="modulepreload" crossorigin href="/assets/LandingPage-d4.js">\n  </head>');
  });
});

describe('the listing page preloads its main photo', () => {
  test('the gallery’s srcset and sizes, from the HTML, fetched early; none without photos', () => {
    const id = '0f5e8d0a-3b7c-4e59-8a43-6c1d2b9e7f10';
    const v = (name: string, width: number) => ({ name, url: `/images/${id}/${name}`, width, height: width });
    // A 1000 px upload: scaled-1600 and scaled-2400 are not enlarged, so they share its width.
    const photos = [{ id, variants: [v('scaled-400', 400), v('scaled-800', 800), v('scaled-1600', 1000), v('scaled-2400', 1000), v('listing-card', 400), v('listing-card-2x', 800)] }];
    const html = injectMeta('<html><head><title>x</title></head><body></body></html>', listingMeta({ ...listing([5450]), images: photos } as catalog.Listing, 'https://c.example'));
    const link = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';
    expect(link).toContain(`href="/images/${id}/scaled-800"`);
    expect(link).toContain(`imagesrcset="/images/${id}/scaled-400 400w, /images/${id}/scaled-800 800w, /images/${id}/scaled-1600 1000w"`);
    expect(link).toContain('imagesizes="(min-width: 1280px) 720px, (min-width: 1024px) 58vw, 100vw"');
    expect(link).toContain('fetchpriority="high"');
    expect(injectMeta('<html><head></head></html>', listingMeta(listing([5450]), 'https://c.example'))).not.toContain('rel="preload"');
  });
});

describe('listing structured data', () => {
  test('one package: the GST-inclusive price (as the page headline), marked as including tax', () => {
    const ld = listingMeta(listing([5450]), 'https://c.example').jsonLd as { offers: Record<string, unknown> };
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'AUD',
      price: '59.95',
      priceSpecification: { '@type': 'UnitPriceSpecification', priceCurrency: 'AUD', price: '59.95', valueAddedTaxIncluded: true },
    });
  });

  test('several packages: the GST-inclusive range, marked as including tax', () => {
    const ld = listingMeta(listing([5450, 21000]), 'https://c.example').jsonLd as { offers: Record<string, unknown> };
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '59.95',
      highPrice: '231.00',
      priceSpecification: { minPrice: '59.95', maxPrice: '231.00', valueAddedTaxIncluded: true },
    });
  });
});

describe('page metadata', () => {
  const variant = (name: string, url: string) => ({ name, url, width: 1, height: 1 });
  const user = { id: 'u1', displayName: 'Hops', brandName: 'Hops Co', bio: '' };

  test('a brand page’s og:image is the header image when there is one, else the logo', () => {
    const brand = {
      brandName: 'Hops Co',
      logo: { id: 'a', variants: [variant('listing-card-2x', '/img/logo.jpg')] },
      headerImage: { id: 'b', variants: [variant('scaled-800', '/img/h800.jpg'), variant('scaled-1600', '/img/h1600.jpg')] },
    } as unknown as catalog.Brand;
    expect(profileMeta(user, brand, 'https://c.example').image).toBe('https://c.example/img/h1600.jpg');
    expect(profileMeta(user, { ...brand, headerImage: undefined } as unknown as catalog.Brand, 'https://c.example').image).toBe('https://c.example/img/logo.jpg');
  });

  test('the landing and search pages have their own title and description', () => {
    expect(staticMeta('/', 'https://c.example')).toMatchObject({ canonical: 'https://c.example/', type: 'website' });
    expect(staticMeta('/s', 'https://c.example')?.title).toMatch(/^Search/);
    expect(staticMeta('/about', 'https://c.example')).toBeNull();
  });
});

describe('user text in page heads is never a replacement pattern', () => {
  const html = '<!doctype html><html><head><title>Caskade</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';
  const patterns = ['$$', '$&', '$`', "$'", '$1', '$<x>'];
  const base = 'https://c.example';
  const variant = (name: string, url: string) => ({ name, url, width: 1, height: 1 });
  // Each page carries the text in several tags (title, og:title, twitter:title, JSON-LD…); every copy
  // is escaped, so a page may grow by a small multiple of the text, never by copies of the page.
  const growthLimit = (text: string) => 12 * escapedLength(text);
  const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
  const escapedLength = (text: string) => esc(text).length;

  test.each(patterns)('a listing title and description holding %s appear literally', (p) => {
    const text = `Ale ${p} ${p.repeat(20)} end`;
    const l = listing([5450]);
    const page = injectMeta(html, listingMeta({ ...l, fields: { ...l.fields!, title: text, description: text } } as catalog.Listing, base));
    const plain = injectMeta(html, listingMeta(l, base));
    expect(page).toContain(`<title>${esc(text)}`);
    expect(page.split('<head>').length).toBe(2);
    expect(page.length - plain.length).toBeLessThanOrEqual(growthLimit(text));
  });

  test.each(patterns)('a brand name and bio holding %s appear literally on brand and profile pages', (p) => {
    const text = `Brew ${p.repeat(30)}`;
    const brand = { brandName: text, description: text, logo: { id: 'a', variants: [variant('listing-card-2x', '/img/logo.jpg')] } } as unknown as catalog.Brand;
    const user = { id: 'u1', displayName: text, brandName: text, bio: text };
    for (const meta of [profileMeta(user, brand, base), profileMeta(user, undefined, base)]) {
      const page = injectMeta(html, meta);
      const plain = injectMeta(html, profileMeta({ id: 'u1', displayName: 'B', brandName: 'B', bio: 'B' }, undefined, base));
      expect(page).toContain(`<title>${esc(text)} | Caskade</title>`);
      expect(page.split('</head>').length).toBe(2);
      expect(page.length - plain.length).toBeLessThanOrEqual(growthLimit(text));
    }
  });

  test('replaceFirst takes its text literally and leaves a source without a match alone', () => {
    expect(replaceFirst('a<b>c', /<b>/, "$&$`$'$1$$")).toBe("a$&$`$'$1$$c");
    expect(replaceFirst('abc', /x/, '$&')).toBe('abc');
  });
});
