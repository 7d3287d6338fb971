import { type CallContext, requireRole } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { loadOwnListing } from './listing-access';
import { toListingView } from './views';

export async function getOwnListing(deps: CatalogDeps, ctx: CallContext, req: catalog.GetOwnListingRequest): Promise<catalog.GetOwnListingResponse> {
  const caller = requireRole(ctx, 'supplier');
  const row = await loadOwnListing(deps.db, caller, req.id);
  return { listing: await toListingView(deps.db, row) };
}
