import type { CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { operatorTransition } from './transition-listing';

export async function approveListing(deps: CatalogDeps, ctx: CallContext, req: catalog.ApproveListingRequest): Promise<catalog.ApproveListingResponse> {
  return { listing: await operatorTransition(deps, ctx, req.id, 'approve') };
}
