import { sql } from 'kysely';
import { expectAppError } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, createLogger, LocalEventBus } from '@caskade/kit';
import { TEST_DATABASE_URL } from '@caskade/kit/testing';
import { catalogEnv } from '../config';
import { startCatalog } from '../index';
import { as, describeCatalog, ids, supplierDirectory } from '../testing/harness';

describeCatalog('search and read published listings', (h, { test: it }, backend) => {
  it('searches published listings with stock by keyword, filters, sorts and pages', async () => {
    const { publishedBeer, search, clock } = h();
    const tag = `zq${Date.now().toString(36)}`;
    const cheap = await publishedBeer(`${tag} Budget Lager`, 9_900, 3, { productType: 'lager', style: 'pilsner' });
    const dear = await publishedBeer(`${tag} Reserve Barrel Stout`, 39_900, 3, { productType: 'ale', style: 'stout' });
    const mid = await publishedBeer(`${tag} Midweek Pale`, 19_900, 3, { description: `A ${tag} pale with a hazy heart` });
    clock.now += 1000;
    const ids3 = (r: catalog.SearchListingsResponse) => r.listings.map((l) => l.id);
    expect(ids3(await search({ keywords: tag, sort: catalog.SortOrder.SORT_ORDER_PRICE_LOW }))).toEqual([cheap.id, mid.id, dear.id]);
    expect(ids3(await search({ keywords: tag, sort: catalog.SortOrder.SORT_ORDER_PRICE_HIGH }))).toEqual([dear.id, mid.id, cheap.id]);
    expect(ids3(await search({ keywords: `${tag} stout` }))).toEqual([dear.id]);
    // relevance: the title match outranks the description-only match
    expect(ids3(await search({ keywords: `${tag} pale` }))[0]).toBe(mid.id);
    expect(ids3(await search({ keywords: tag, styles: ['pilsner'] }))).toEqual([cheap.id]);
    expect(ids3(await search({ keywords: tag, productTypes: ['ale'], sort: catalog.SortOrder.SORT_ORDER_PRICE_LOW }))).toEqual([mid.id, dear.id]);
    expect(ids3(await search({ keywords: tag, priceMinCents: 10_000, priceMaxCents: 19_900 }))).toEqual([mid.id]);
    expect(ids3(await search({ keywords: tag, categories: ['wine'] }))).toEqual([]);
    expect(ids3(await search({ keywords: tag, brandIds: [ids.vines] }))).toEqual([]);
    expect(ids3(await search({ keywords: tag, brandIds: [ids.hops], services: ['canning'], categories: ['beer'] }))).toHaveLength(3);
    const page = await search({ keywords: tag, perPage: 2, page: 2, sort: catalog.SortOrder.SORT_ORDER_PRICE_LOW });
    expect(page.pagination).toEqual({ page: 2, perPage: 2, totalItems: 3, totalPages: 2 });
    expect(ids3(page)).toEqual([dear.id]);
    // A keyword search counts its matches in the page's own scan: every sort keeps its order, and a page past the end still says how many there are.
    expect(ids3(await search({ keywords: tag, sort: catalog.SortOrder.SORT_ORDER_OLDEST }))).toEqual([cheap.id, dear.id, mid.id]);
    expect(ids3(await search({ keywords: tag, sort: catalog.SortOrder.SORT_ORDER_NEWEST }))).toEqual([mid.id, dear.id, cheap.id]);
    const pastEnd = await search({ keywords: tag, perPage: 2, page: 3 });
    expect([ids3(pastEnd), pastEnd.pagination]).toEqual([[], { page: 3, perPage: 2, totalItems: 3, totalPages: 2 }]);
    expect((await search({ keywords: `${tag} nomatchword`, perPage: 2 })).pagination).toEqual({ page: 1, perPage: 2, totalItems: 0, totalPages: 0 });
    const all = await search({});
    expect(all.pagination?.perPage).toBe(24);
    expect(all.listings.every((l) => l.state === 'published' && l.stockQuantity > 0)).toBe(true);
    expect(all.listings.every((l) => l.images.length <= 1)).toBe(true);
    await expectAppError(search({ categories: ['whisky'] }), 'validation-invalid-params');
    await expectAppError(search({ brandIds: ['not-a-uuid'] }), 'validation-invalid-params');
    await expectAppError(search({ priceMinCents: 500, priceMaxCents: 100 }), 'validation-invalid-params');
  });

  it('keeps listings offered only in other states out of a buyer’s state search', async () => {
    const { publishedBeer, search } = h();
    const tag = `zs${Date.now().toString(36)}`;
    const everywhere = await publishedBeer(`${tag} Everywhere Ale`);
    const eastCoast = await publishedBeer(`${tag} East Coast IPA`, 24_000, 10, { visibleStates: ['NSW', 'VIC', 'QLD'] });
    const westOnly = await publishedBeer(`${tag} West Lager`, 24_000, 10, { visibleStates: ['WA'] });
    const found = async (buyerState: string) => (await search({ keywords: tag, buyerState, sort: catalog.SortOrder.SORT_ORDER_OLDEST })).listings.map((l) => l.id);
    expect(await found('')).toEqual([everywhere.id, eastCoast.id, westOnly.id]);
    expect(await found('VIC')).toEqual([everywhere.id, eastCoast.id]);
    expect(await found('wa')).toEqual([everywhere.id, westOnly.id]);
    expect(await found('TAS')).toEqual([everywhere.id]);
    await expectAppError(search({ buyerState: 'XYZ' }), 'validation-invalid-params');
  });

  it('finds service listings by service category', async () => {
    const { client, upload, search } = h();
    const image = await upload();
    const fields = catalog.ListingFields.fromPartial({
      listingType: 'service', title: 'Mobile canning line hire', description: 'We bring the canning line to you.', category: 'canning',
      pricePackages: [{ packageType: 'services', size: 0, unit: '', quantity: 1, priceCents: 150_000, sku: 'CAN-DAY' }], imageIds: [image.id],
    });
    const { listing } = await client.createListing({ fields, stockQuantity: 20 }, as.hops);
    await client.publishListing({ id: listing?.id ?? '' }, as.hops);
    expect((await search({ services: ['canning'] })).listings.map((l) => l.id)).toEqual([listing?.id]);
    expect((await search({ categories: ['beer'] })).listings.map((l) => l.id)).not.toContain(listing?.id);
  });

  it('ignores keywords that are only stop words or symbols instead of matching nothing', async () => {
    const { search } = h();
    const all = (await search({ perPage: 1 })).pagination?.totalItems ?? 0;
    expect(all).toBe(7);
    for (const keywords of ['the', '-', '&&', 'the and of', '!!! ???']) {
      const out = await search({ keywords, perPage: 1 });
      expect([keywords, out.pagination?.totalItems]).toEqual([keywords, all]);
    }
    expect((await search({ keywords: 'the', perPage: 5 })).listings.map((l) => l.id)).toEqual((await search({ perPage: 5 })).listings.map((l) => l.id));
  });

  it('refuses a price filter above the dearest allowed price on field price', async () => {
    const { search } = h();
    for (const req of [{ priceMaxCents: 99_999_999_999 }, { priceMinCents: 100_000_001 }]) {
      const err = await expectAppError(search(req), 'validation-invalid-params');
      expect(err.meta?.fields).toEqual({ price: 'validation.priceRangeInvalid' });
    }
  });

  it('answers cards, what a search result shows, in the same order and with the same totals as whole listings (ADR 071)', async () => {
    const { publishedBeer, search } = h();
    const tag = `zc${Date.now().toString(36)}`;
    const one = await publishedBeer(`${tag} Card Lager`, 9_900, 30, { collection: 'Core range' });
    const two = await publishedBeer(`${tag} Card Stout`, 19_900, 4, {
      pricePackages: [
        { packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents: 19_900, sku: `${tag}-K` },
        { packageType: 'can', size: 375, unit: 'ml', quantity: 24, priceCents: 8_800, sku: `${tag}-C` },
      ],
    });
    const query = { keywords: tag, sort: catalog.SortOrder.SORT_ORDER_NEWEST };
    const full = await search(query);
    const cards = await search({ ...query, cards: true });
    expect(cards.listings).toEqual([]);
    expect(full.cards).toEqual([]);
    expect(cards.pagination).toEqual(full.pagination);
    expect(cards.cards.map((c) => c.id)).toEqual([two.id, one.id]);
    const [stout, lager] = cards.cards;
    expect(stout).toMatchObject({
      id: two.id, slug: two.slug, listingType: 'product', title: `${tag} Card Stout`, category: 'beer', priceCents: 8_800, packageCount: 2,
      authorId: ids.hops, brandName: full.listings[0]?.author?.brandName, stockQuantity: 4,
    });
    expect(lager).toMatchObject({ collection: 'Core range', priceCents: 9_900, packageCount: 1, stockQuantity: 30 });
    // The cover photo in its card variants only, with the same addresses the whole listing gives.
    const cover = full.listings[1]?.images[0];
    expect(lager?.image?.id).toBe(cover?.id);
    expect(lager?.image?.variants.map((v) => v.name).sort()).toEqual(['listing-card', 'listing-card-2x']);
    expect(lager?.image?.variants).toEqual(cover?.variants.filter((v) => v.name.startsWith('listing-card')));
    // Each is cached apart: whole listings asked after cards are still whole.
    expect((await search(query)).listings.map((l) => l.fields?.description.length ?? 0).every((n) => n > 0)).toBe(true);
  });

  it('lists a supplier’s sold-out listings for the brand page only when asked, and only for one supplier', async () => {
    const { client, publishedBeer, search } = h();
    const listing = await publishedBeer('Sold Out Stout', 20_000, 1);
    await client.reserveStock({ reservationId: 'sold-out-0001', lines: [{ listingId: listing.id, quantity: 1 }], ttlSeconds: 0 }, as.anon);
    await client.commitReservation({ reservationId: 'sold-out-0001' }, as.anon);
    const brandPage = (includeSoldOut: boolean) => search({ brandIds: [ids.hops], includeSoldOut, sort: catalog.SortOrder.SORT_ORDER_NEWEST, perPage: 100 });
    expect((await brandPage(false)).listings.map((l) => l.id)).not.toContain(listing.id);
    expect((await brandPage(true)).listings.find((l) => l.id === listing.id)).toMatchObject({ stockQuantity: 0, state: 'published' });
    for (const brandIds of [[], [ids.hops, ids.vines]]) {
      const err = await expectAppError(search({ brandIds, includeSoldOut: true }), 'validation-invalid-params');
      expect(err.meta?.fields).toEqual({ includeSoldOut: 'validation.invalidValue' });
    }
    await client.closeListing({ id: listing.id }, as.hops);
    expect((await brandPage(true)).listings.map((l) => l.id)).not.toContain(listing.id);
  });

  it('sorts by highest price from an index, without a sort step', async () => {
    const { svc } = h();
    const plan = await svc.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const out = await sql<Record<string, string>>`explain select l.id from listings l where l.state = 'published' and l.stock_quantity > 0
        order by l.price_cents desc, l.created_at desc, l.id desc limit 24`.execute(trx);
      return out.rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    expect(plan).toContain('listings_search_price_desc');
    expect(plan).not.toMatch(/Sort/);
  });

  it('reads a page of a category and type, or of a brand, in a price range from an index alone (ADR 069)', async () => {
    const { svc } = h();
    const plan = (query: ReturnType<typeof sql<Record<string, string>>>) => svc.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      return (await query.execute(trx)).rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    const byType = await plan(sql<Record<string, string>>`explain select l.id from listings l where l.state = 'published' and l.stock_quantity > 0
      and l.category in ('beer') and l.product_type in ('ale') and l.style in ('stout') and l.price_cents >= 100 and l.price_cents <= 50000
      and (cardinality(l.visible_states) = 0 or 'VIC' = any(l.visible_states)) order by l.price_cents asc, l.created_at desc, l.id desc limit 24`);
    expect(byType).toMatch(/Index Only Scan.*listings_search_type_price_sorted/);
    const byBrand = await plan(sql<Record<string, string>>`explain select l.id from listings l where l.state = 'published' and l.stock_quantity > 0
      and l.author_id in (${ids.hops}) and l.price_cents >= 100 and l.price_cents <= 50000 order by l.price_cents asc, l.created_at desc, l.id desc limit 24`);
    expect(byBrand).toMatch(/Index Only Scan.*listings_search_author_price_sorted/);
  });

  it('counts page views per listing and day, not the owner’s own', async () => {
    const { client, publishedBeer, svc } = h();
    const listing = await publishedBeer('Viewed Vienna Lager');
    await client.getListing({ id: listing.id, recordView: true }, as.anon);
    await client.getListing({ id: listing.id, recordView: true }, as.buyer);
    await client.getListing({ id: listing.id, recordView: true }, as.hops);
    await client.getListing({ id: listing.id, recordView: false }, as.buyer);
    const views = () => svc.db.selectFrom('listing_page_views').selectAll().where('listing_id', '=', listing.id).execute();
    // Counted in memory: a read writes nothing; the batch is written on the next flush.
    expect(await views()).toEqual([]);
    await svc.deps.pageViews.flush();
    expect((await views()).map((r) => r.views)).toEqual([2]);
    await client.getListing({ id: listing.id, recordView: true }, as.anon);
    await svc.deps.pageViews.flush();
    expect((await views()).map((r) => r.views)).toEqual([3]);
  });

  it('shows a publish, a stock change, a close and an edit at once, though searches and listing pages are cached', async () => {
    const { client, publishedBeer, search } = h();
    const tag = `zc${Date.now().toString(36)}`;
    const found = async () => (await search({ keywords: tag })).listings.map((l) => l.id);
    expect(await found()).toEqual([]);
    const started = Date.now();
    const listing = await publishedBeer(`${tag} Cached Kolsch`, 20_000, 4);
    expect(await found()).toEqual([listing.id]);
    expect(await found()).toEqual([listing.id]); // a hit
    await client.setStock({ id: listing.id, oldTotal: 4, newTotal: 0 }, as.hops);
    expect(await found()).toEqual([]);
    await client.setStock({ id: listing.id, oldTotal: 0, newTotal: 7 }, as.hops);
    expect((await search({ keywords: tag })).listings.map((l) => l.stockQuantity)).toEqual([7]);
    expect((await client.getListing({ id: listing.id, recordView: false }, as.anon)).listing?.stockQuantity).toBe(7);
    await client.updateListing(catalog.UpdateListingRequest.fromPartial({ id: listing.id, fields: { title: `${tag} Renamed Kolsch` }, updateMask: ['title'] }), as.hops);
    expect((await client.getListing({ id: listing.id, recordView: false }, as.anon)).listing?.fields?.title).toBe(`${tag} Renamed Kolsch`);
    expect((await search({ keywords: tag })).listings.map((l) => l.fields?.title)).toEqual([`${tag} Renamed Kolsch`]);
    await client.closeListing({ id: listing.id }, as.hops);
    expect(await found()).toEqual([]);
    expect((await client.getListing({ id: listing.id, recordView: false }, as.anon)).listing?.state).toBe('closed');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  // Replicas share a server database: on PostgreSQL only (PGlite is one process's).
  if (backend === 'postgres') it('shows another replica’s publish, stock change and close within 1 s (its cache expires; distributed mode)', async () => {
    const { client, publishedBeer, schema, svc } = h();
    const logger = createLogger('catalog-replica', 'silent');
    const bus = new LocalEventBus({ logger });
    const replica = await startCatalog({
      env: catalogEnv.parse({ DATA_DIR: ':memory:', IDENTITY_ADDR: '127.0.0.1:1', IMAGE_DIR: mkdtempSync(path.join(tmpdir(), 'catalog-replica-')), DATABASE_URL: TEST_DATABASE_URL }),
      bus, logger, schema, directory: supplierDirectory, pageViewsFlushMs: 3_600_000,
    });
    const other = createClient(catalog.CatalogServiceService, replica.grpcAddress);
    try {
      expect(replica.deps.readCache).not.toBe(svc.deps.readCache);
      const tag = `zr${Date.now().toString(36)}`;
      const found = async () => (await other.searchListings(catalog.SearchListingsRequest.fromPartial({ keywords: tag }), as.anon)).listings;
      const within = async (seen: (l: catalog.Listing[]) => boolean): Promise<number> => {
        const started = Date.now();
        while (!seen(await found()) && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 25));
        return Date.now() - started;
      };
      expect(await found()).toEqual([]); // cached on the replica
      const listing = await publishedBeer(`${tag} Replica Red`, 20_000, 5);
      expect(await within((l) => l.some((x) => x.id === listing.id))).toBeLessThanOrEqual(1000);
      await client.setStock({ id: listing.id, oldTotal: 5, newTotal: 0 }, as.hops);
      expect(await within((l) => l.length === 0)).toBeLessThanOrEqual(1000);
      await client.setStock({ id: listing.id, oldTotal: 0, newTotal: 3 }, as.hops);
      expect(await within((l) => l[0]?.stockQuantity === 3)).toBeLessThanOrEqual(1000);
      await client.closeListing({ id: listing.id }, as.hops);
      expect(await within((l) => l.length === 0)).toBeLessThanOrEqual(1000);
    } finally {
      other.close();
      await replica.stop();
      await bus.close();
    }
  });
});
