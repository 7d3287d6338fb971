import type { CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { canSee } from '../domain/listing';
import { countPageView } from '../db/page-views';
import type { CatalogDeps } from './deps';
import { listingNotFound, loadListing } from './listing-access';
import { toListingView } from './views';

const dayInAustralia = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne', year: 'numeric', month: '2-digit', day: '2-digit' });

/** One listing: published and closed ones for anyone; drafts and pending ones only for the owner and operators. */
export async function getListing(deps: CatalogDeps, ctx: CallContext, req: catalog.GetListingRequest): Promise<catalog.GetListingResponse> {
  const row = await loadListing(deps.db, req.id);
  if (!canSee(row, ctx.caller)) throw listingNotFound();
  if (req.recordView && row.state === 'published' && ctx.caller?.userId !== row.author_id) {
    // Counted by the Australian day, for supplier analytics.
    await countPageView(deps.db, row.id, dayInAustralia.format(deps.now())).catch((err: unknown) => deps.logger.warn({ err, listingId: row.id }, 'page view not recorded'));
  }
  return { listing: await toListingView(deps.db, row) };
}
