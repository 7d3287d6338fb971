import { isUuid, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { canSee } from '../domain/listing';
import type { CatalogDeps } from './deps';
import { findListingShown } from '../db/listings';
import { listingNotFound } from './listing-access';
import { toImage, toListing } from './views';

/**
 * One listing: published and closed ones for anyone; drafts and pending ones only for the owner and
 * operators. The row and its view come from the read cache (the view is the same for every caller;
 * who may see it is checked on each read); a view of someone else's published listing is counted
 * in memory, for supplier analytics by the Australian day, and written in batches (docs/decisions/058).
 */
export async function getListing(deps: CatalogDeps, ctx: CallContext, req: catalog.GetListingRequest): Promise<catalog.GetListingResponse> {
  // The answer object itself is cached, so the gRPC layer encodes it once (index.ts).
  const { row, answer } = await deps.readCache.get(`listing:${req.id.toLowerCase()}`, async () => {
    // One statement: the row, its photos and its author's display name.
    const found = isUuid(req.id) ? await findListingShown(deps.db, req.id) : undefined;
    if (!found) throw listingNotFound();
    const answer: catalog.GetListingResponse = { listing: toListing(found.row, new Map(found.photos.map((p) => [p.id, toImage(p)])), found.displayName) };
    return { row: found.row, answer };
  });
  if (!canSee(row, ctx.caller)) throw listingNotFound();
  if (req.recordView && row.state === 'published' && ctx.caller?.userId !== row.author_id) deps.pageViews.count(row.id, deps.now());
  return answer;
}
