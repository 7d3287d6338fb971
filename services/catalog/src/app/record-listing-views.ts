import { AppError, invalidParams, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';

/** Views one report may carry per listing: a gateway reports every few seconds, far below this. */
const MAX_VIEWS_PER_LISTING = 1_000_000;
const MAX_LISTINGS_PER_REPORT = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Page views the gateway counted while its response cache answered a published listing's page to
 * anonymous visitors (docs/decisions/064): added to the same in-memory counter a read here counts
 * into, written with the next batch. A service call only (the gateway's), never a user's.
 */
export async function recordListingViews(deps: CatalogDeps, ctx: CallContext, req: catalog.RecordListingViewsRequest): Promise<catalog.RecordListingViewsResponse> {
  if (ctx.caller) throw new AppError('forbidden', { reason: 'services only' });
  if (req.views.length > MAX_LISTINGS_PER_REPORT) throw invalidParams({ views: 'validation.invalidValue' });
  for (const v of req.views) {
    if (!UUID.test(v.listingId)) throw invalidParams({ views: 'validation.invalidValue' });
    if (v.views > MAX_VIEWS_PER_LISTING) throw invalidParams({ views: 'validation.invalidValue' });
  }
  const now = deps.now();
  for (const v of req.views) if (v.views > 0) deps.pageViews.count(v.listingId.toLowerCase(), now, v.views);
  return {};
}
