import type { CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { ownerTransition } from './transition-listing';
import { toListingView } from './views';

/** Close a published listing: it stays visible as closed, with no order form. */
export async function closeListing(deps: CatalogDeps, ctx: CallContext, req: catalog.CloseListingRequest): Promise<catalog.CloseListingResponse> {
  const row = await ownerTransition(deps, ctx, req.id, () => 'close');
  return { listing: await toListingView(deps.db, row) };
}
