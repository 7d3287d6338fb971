import { invalidParams, TEXTAREA_MAX, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { operatorTransition } from './transition-listing';

/** Send a pending listing back to draft with the operator's reason. */
export async function rejectListing(deps: CatalogDeps, ctx: CallContext, req: catalog.RejectListingRequest): Promise<catalog.RejectListingResponse> {
  const reason = req.reason.trim();
  if (reason.length > TEXTAREA_MAX) throw invalidParams({ reason: 'validation.tooLong' });
  return { listing: await operatorTransition(deps, ctx, req.id, 'reject', { rejectionReason: reason }) };
}
