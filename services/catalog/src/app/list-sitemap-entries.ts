import type { catalog } from '@caskade/proto';
import { findHiddenBrandIds, publishedBrandsPage } from '../db/brands';
import { publishedListingsPage, recentlyChangedPublishedListings, type SitemapListingRow } from '../db/listings';
import type { CatalogDeps } from './deps';
import { createSlug } from '../domain';

const listingEntry = (l: SitemapListingRow): catalog.SitemapEntry => ({ kind: 'listing', id: l.id, slug: createSlug(l.title), updatedAt: new Date(l.updated_at).toISOString() });

/** The sitemap protocol's limit of URLs in one file. */
const MAX_ENTRIES = 50_000;

/**
 * Published listings and brands with published listings (sitemap.xml).
 *
 * With `kind` (listing or brand): one page of that kind, `offset` skipped, oldest first so pages
 * stay put as listings are added, and the total (the gateway's sitemap index pages through them).
 * Without: both kinds, newest changes first, at most `limit` (the original single sitemap).
 */
export async function listSitemapEntries(deps: CatalogDeps, req: catalog.ListSitemapEntriesRequest): Promise<catalog.ListSitemapEntriesResponse> {
  const limit = req.limit > 0 ? Math.min(req.limit, MAX_ENTRIES) : MAX_ENTRIES;
  const offset = Math.max(0, req.offset ?? 0);
  if (req.kind === 'listing') {
    const { rows, total } = await publishedListingsPage(deps.db, { offset, limit });
    return { entries: rows.map(listingEntry), total };
  }
  if (req.kind === 'brand') {
    const { rows, total } = await publishedBrandsPage(deps.db, { offset, limit });
    return {
      entries: rows.map((b) => ({ kind: 'brand', id: b.id, slug: '', updatedAt: new Date(b.updated_at).toISOString() })),
      total,
    };
  }

  const listings = await recentlyChangedPublishedListings(deps.db, limit);
  const latestByBrand = new Map<string, Date>();
  for (const l of listings) if (!latestByBrand.has(l.author_id)) latestByBrand.set(l.author_id, l.updated_at);
  const hidden = await findHiddenBrandIds(deps.db);
  return {
    entries: [
      ...[...latestByBrand].filter(([id]) => !hidden.has(id)).map(([id, at]) => ({ kind: 'brand', id, slug: '', updatedAt: new Date(at).toISOString() })),
      ...listings.map(listingEntry),
    ].slice(0, limit),
    total: 0,
  };
}
