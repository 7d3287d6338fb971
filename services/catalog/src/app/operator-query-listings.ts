import { type CallContext, invalidParams, requireRole } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { listingsInStatePage } from '../db/listings';
import type { CatalogDeps } from './deps';
import { pageArgs, pagination } from './paging';
import { LISTING_STATES, MANAGE_LISTINGS_PAGE_SIZE } from '../domain';
import { toListings } from './views';

/** States an operator may list: the review queue and what is live. Drafts stay their owner's own. */
const OPERATOR_STATES = LISTING_STATES.filter((s) => s !== 'draft');

/** The operator's queue: listings in one state (pendingApproval by default), oldest change first. */
export async function operatorQueryListings(deps: CatalogDeps, ctx: CallContext, req: catalog.OperatorQueryListingsRequest): Promise<catalog.OperatorQueryListingsResponse> {
  requireRole(ctx, 'operator');
  const state = OPERATOR_STATES.find((s) => s === (req.state || 'pendingApproval'));
  if (!state) throw invalidParams({ state: 'validation.invalidValue' });
  const args = pageArgs(req.page, req.perPage, MANAGE_LISTINGS_PAGE_SIZE);
  const { rows, total } = await listingsInStatePage(deps.db, state, { offset: args.offset, limit: args.perPage });
  return { listings: await toListings(deps.db, rows), pagination: pagination(args, total) };
}
