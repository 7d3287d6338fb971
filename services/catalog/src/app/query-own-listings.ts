import { invalidParams, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { pageArgs, pagination } from './paging';
import { requireRole, toListings } from './shared';
import { LISTING_STATES, MANAGE_LISTINGS_PAGE_SIZE } from '../domain';

/** The supplier's own listings in every state but deleted, most recently changed first (42 a page). */
export async function queryOwnListings(deps: CatalogDeps, ctx: CallContext, req: catalog.QueryOwnListingsRequest): Promise<catalog.QueryOwnListingsResponse> {
  const caller = requireRole(ctx, 'supplier');
  const state = LISTING_STATES.find((s) => s === req.state);
  if (req.state && !state) throw invalidParams({ state: 'validation.invalidValue' });
  const args = pageArgs(req.page, req.perPage, MANAGE_LISTINGS_PAGE_SIZE);
  let base = deps.db.selectFrom('listings').where('author_id', '=', caller.userId).where('state', '<>', 'deleted');
  if (state) base = base.where('state', '=', state);
  const rows = await base.selectAll().orderBy('updated_at', 'desc').orderBy('id').limit(args.perPage).offset(args.offset).execute();
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { listings: await toListings(deps.db, rows), pagination: pagination(args, Number(total)) };
}
