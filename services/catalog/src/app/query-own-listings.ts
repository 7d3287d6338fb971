import { type CallContext, invalidParams, requireRole } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { ownListingsPage } from '../db/listings';
import type { CatalogDeps } from './deps';
import { pageArgs, pagination } from './paging';
import { LISTING_STATES, MANAGE_LISTINGS_PAGE_SIZE } from '../domain';
import { toListings } from './views';

/** The supplier's own listings in every state but deleted, most recently changed first (42 a page). */
export async function queryOwnListings(deps: CatalogDeps, ctx: CallContext, req: catalog.QueryOwnListingsRequest): Promise<catalog.QueryOwnListingsResponse> {
  const caller = requireRole(ctx, 'supplier');
  const state = LISTING_STATES.find((s) => s === req.state);
  if (req.state && !state) throw invalidParams({ state: 'validation.invalidValue' });
  const args = pageArgs(req.page, req.perPage, MANAGE_LISTINGS_PAGE_SIZE);
  const { rows, total } = await ownListingsPage(deps.db, caller.userId, state, { offset: args.offset, limit: args.perPage });
  return { listings: await toListings(deps.db, rows), pagination: pagination(args, total) };
}
