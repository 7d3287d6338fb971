import { AppError, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import type { ListingRow, Trx } from './shared';
import { operatorTransition } from './transition-listing';

/**
 * Approve a pending listing: it is published. Refused (409) when its supplier's brand is hidden
 * or gone, i.e. the account was deleted: such a listing must never go live (docs/decisions/015).
 */
export async function approveListing(deps: CatalogDeps, ctx: CallContext, req: catalog.ApproveListingRequest): Promise<catalog.ApproveListingResponse> {
  const authorActive = async (trx: Trx, row: ListingRow) => {
    const brand = await trx.selectFrom('brands').select('hidden').where('id', '=', row.author_id).forShare().executeTakeFirst();
    if (!brand || brand.hidden) {
      throw new AppError('transaction-invalid-transition', { transition: 'approve', state: row.state, reason: 'supplier-deleted' });
    }
  };
  return { listing: await operatorTransition(deps, ctx, req.id, 'approve', {}, authorActive) };
}
