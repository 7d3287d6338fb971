import { sql } from 'kysely';
import { describeCatalog, ids } from '../testing/harness';
import { EXACT_COUNT_LIMIT, searchPublishedListings, type ListingSearch } from './listings';

/** Totals above EXACT_COUNT_LIMIT (docs/decisions/058, 069), on 1,100 listings written straight into the table. */
describeCatalog('search totals', (h, { test: it }) => {
  const search: ListingSearch = {
    keywords: '', authorIds: [], categories: ['wine'], productTypes: [], styles: [], priceMinCents: undefined, priceMaxCents: undefined,
    buyerState: '', includeSoldOut: false, sort: 'newest',
  };
  const page = (offset: number) => ({ limit: 24, offset });

  it('estimates a big total and remembers it for the same conditions; counts exactly below the limit and for keywords at any size', async () => {
    const { svc } = h();
    await sql`insert into listings (id, author_id, listing_type, state, title, description, category, product_type, style, price_cents, stock_quantity, published_at)
      select gen_random_uuid(), ${ids.vines}, 'product', 'published', 'Bulkwine Shiraz ' || g, 'Cellar batch ' || g, 'wine', case when g <= 900 then 'red' else 'white' end,
        'shiraz', 2000 + g, 5, now()
      from generate_series(1, 1100) g`.execute(svc.db);

    const first = await searchPublishedListings(svc.db, search, page(0));
    expect([first.rows.length, first.totalIsEstimate, first.total > EXACT_COUNT_LIMIT]).toEqual([24, true, true]);
    // A deep page of the same conditions in another sort: the remembered estimate, never below what the page shows.
    const deep = await searchPublishedListings(svc.db, { ...search, sort: 'priceLow' }, page(1080));
    expect([deep.rows.length, deep.totalIsEstimate, deep.total >= 1100]).toEqual([20, true, true]);
    expect(deep.rows.map((r) => r.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Bulkwine Shiraz ${1081 + i}`));

    // Keywords: counted in the page's own scan, exactly, above the limit too.
    const keyword = await searchPublishedListings(svc.db, { ...search, keywords: 'bulkwine' }, page(0));
    expect([keyword.rows.length, keyword.total, keyword.totalIsEstimate]).toEqual([24, 1100, false]);
    const keywordPastEnd = await searchPublishedListings(svc.db, { ...search, keywords: 'bulkwine' }, page(1104));
    expect([keywordPastEnd.rows.length, keywordPastEnd.total, keywordPastEnd.totalIsEstimate]).toEqual([0, 1100, false]);

    // Below the limit the count is exact.
    const white = await searchPublishedListings(svc.db, { ...search, productTypes: ['white'] }, page(0));
    expect([white.total, white.totalIsEstimate]).toEqual([200, false]);

    // 300 reds sell out: conditions not seen before count exactly at once (600 reds left); the big
    // search's remembered estimate (800 left in all) holds until its entry expires.
    await sql`update listings set stock_quantity = 0 where title like 'Bulkwine Shiraz %' and product_type = 'red' and price_cents <= 2300`.execute(svc.db);
    const red = await searchPublishedListings(svc.db, { ...search, productTypes: ['red'] }, page(0));
    expect([red.total, red.totalIsEstimate]).toEqual([600, false]);
    const again = await searchPublishedListings(svc.db, search, page(0));
    expect(again.totalIsEstimate).toBe(true);
    expect((await searchPublishedListings(svc.db, { ...search, keywords: 'bulkwine' }, page(0))).total).toBe(800);
  });
});
