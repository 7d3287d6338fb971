import { createSlug } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';

const MAX_ENTRIES = 50_000;

/** Published listings and brands with published listings, newest changes first (sitemap.xml). */
export async function listSitemapEntries(deps: CatalogDeps, req: catalog.ListSitemapEntriesRequest): Promise<catalog.ListSitemapEntriesResponse> {
  const limit = req.limit > 0 ? Math.min(req.limit, MAX_ENTRIES) : MAX_ENTRIES;
  const listings = await deps.db
    .selectFrom('listings')
    .select(['id', 'title', 'updated_at', 'author_id'])
    .where('state', '=', 'published')
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  const latestByBrand = new Map<string, Date>();
  for (const l of listings) if (!latestByBrand.has(l.author_id)) latestByBrand.set(l.author_id, l.updated_at);
  const hidden = new Set(
    (await deps.db.selectFrom('brands').select('id').where('hidden', '=', true).execute()).map((b) => b.id),
  );
  return {
    entries: [
      ...[...latestByBrand].filter(([id]) => !hidden.has(id)).map(([id, at]) => ({ kind: 'brand', id, slug: '', updatedAt: new Date(at).toISOString() })),
      ...listings.map((l) => ({ kind: 'listing', id: l.id, slug: createSlug(l.title), updatedAt: new Date(l.updated_at).toISOString() })),
    ].slice(0, limit),
  };
}
