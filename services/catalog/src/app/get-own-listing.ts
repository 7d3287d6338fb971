import type { CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { loadOwnListing, requireRole, toListingView } from './shared';

export async function getOwnListing(deps: CatalogDeps, ctx: CallContext, req: catalog.GetOwnListingRequest): Promise<catalog.GetOwnListingResponse> {
  const caller = requireRole(ctx, 'supplier');
  const row = await loadOwnListing(deps.db, caller, req.id);
  return { listing: await toListingView(deps.db, row) };
}
