import type { CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { deletionFor } from '../domain/listing';
import type { CatalogDeps } from './deps';
import { ownerTransition } from './transition-listing';

/** Discard a draft, or delete a closed listing; any other state answers 409 (close a published listing first). */
export async function deleteListing(deps: CatalogDeps, ctx: CallContext, req: catalog.DeleteListingRequest): Promise<catalog.DeleteListingResponse> {
  await ownerTransition(deps, ctx, req.id, (row) => deletionFor(row.state));
  return {};
}
