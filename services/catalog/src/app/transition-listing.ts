import { AppError, type CallContext, requireRole, withTransaction } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { applyTransition, type ListingTransition } from '../domain/listing';
import { changeListingState } from '../db/listings';
import type { CatalogDeps } from './deps';
import { createSlug } from '../domain';
import { ListingClosed, ListingDeleted, ListingPendingApproval, ListingPublished, ListingRejected } from '../events/registry';
import { listingEvent } from './listing-events';
import { loadListing, loadOwnListing } from './listing-access';
import { toListingView } from './views';
import type { ListingRow } from '../db/listings';
import type { Trx } from '../db/schema';

export interface TransitionOptions {
  publishDirectly?: boolean;
  rejectionReason?: string;
}

/**
 * Move a locked listing along the transition table: a conditional update on the state it was
 * read in (two concurrent transitions cannot both win), plus the transition's event in the
 * same transaction.
 */
export async function applyListingTransition(trx: Trx, deps: CatalogDeps, row: ListingRow, transition: ListingTransition, opts: TransitionOptions = {}): Promise<ListingRow> {
  const { to } = applyTransition(row.state, transition, opts);
  const now = deps.now();
  const rejectionReason = transition === 'reject' ? (opts.rejectionReason ?? '') : transition === 'publish' || transition === 'approve' ? '' : undefined;
  const updated = await changeListingState(trx, row, {
    to,
    now,
    publishedAt: to === 'published' && row.published_at === null ? now : undefined,
    deletedAt: to === 'deleted' ? now : undefined,
    rejectionReason,
  });
  if (!updated) throw new AppError('transaction-invalid-transition', { transition, state: row.state });
  const ids = { listingId: updated.id, authorId: updated.author_id };
  if (to === 'published') {
    await listingEvent(trx, ListingPublished, updated, {
      ...ids, title: updated.title, slug: createSlug(updated.title), priceCents: updated.price_cents,
    });
  } else if (to === 'pendingApproval') {
    await listingEvent(trx, ListingPendingApproval, updated, { ...ids, title: updated.title });
  } else if (transition === 'reject') {
    await listingEvent(trx, ListingRejected, updated, { ...ids, reason: updated.rejection_reason });
  } else if (to === 'closed') {
    await listingEvent(trx, ListingClosed, updated, ids);
  } else if (to === 'deleted') {
    await listingEvent(trx, ListingDeleted, updated, { ...ids, fromState: row.state });
  }
  return updated;
}

/** An owner's transition (close, open, discard, delete) as one use case body. */
export async function ownerTransition(deps: CatalogDeps, ctx: CallContext, id: string, pick: (row: ListingRow) => ListingTransition): Promise<ListingRow> {
  const caller = requireRole(ctx, 'supplier');
  const row = await withTransaction(deps.db, async (trx) => {
    const current = await loadOwnListing(trx, caller, id, true);
    return applyListingTransition(trx, deps, current, pick(current));
  });
  deps.eventsWritten();
  return row;
}

/** An operator's transition on a pending listing (approve, reject); `check` may refuse it first, inside the transaction. */
export async function operatorTransition(
  deps: CatalogDeps,
  ctx: CallContext,
  id: string,
  transition: ListingTransition,
  opts: TransitionOptions = {},
  check: (trx: Trx, row: ListingRow) => Promise<void> = async () => {},
): Promise<catalog.Listing> {
  requireRole(ctx, 'operator');
  const row = await withTransaction(deps.db, async (trx) => {
    const current = await loadListing(trx, id, true);
    await check(trx, current);
    return applyListingTransition(trx, deps, current, transition, opts);
  });
  deps.eventsWritten();
  return toListingView(deps.db, row);
}
