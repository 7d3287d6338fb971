import type { CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { ownerTransition } from './transition-listing';
import { toListingView } from './views';

/** Open a closed listing again. */
export async function openListing(deps: CatalogDeps, ctx: CallContext, req: catalog.OpenListingRequest): Promise<catalog.OpenListingResponse> {
  const row = await ownerTransition(deps, ctx, req.id, () => 'open');
  return { listing: await toListingView(deps.db, row) };
}
