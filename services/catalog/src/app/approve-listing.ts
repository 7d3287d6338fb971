import { AppError, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { isBrandActive } from '../db/brands';
import type { ListingRow } from '../db/listings';
import type { Trx } from '../db/schema';
import { operatorTransition } from './transition-listing';

/**
 * Approve a pending listing: it is published. Refused (409) when its supplier's brand is hidden
 * or gone, i.e. the account was deleted: such a listing must never go live (docs/decisions/015).
 */
export async function approveListing(deps: CatalogDeps, ctx: CallContext, req: catalog.ApproveListingRequest): Promise<catalog.ApproveListingResponse> {
  const authorActive = async (trx: Trx, row: ListingRow) => {
    if (!(await isBrandActive(trx, row.author_id))) {
      throw new AppError('transaction-invalid-transition', { transition: 'approve', state: row.state, reason: 'supplier-deleted' });
    }
  };
  return { listing: await operatorTransition(deps, ctx, req.id, 'approve', {}, authorActive) };
}
