/**
 * The listing life cycle as data (ARCHITECTURE rule 2): one table of transitions that the use
 * cases, the tests and the docs read. Pure: no IO.
 */
import { AppError, type Caller } from '@caskade/kit/rules';

/** Every state a listing row can be in; `deleted` rows are kept but never shown. */
export type StoredState = 'draft' | 'pendingApproval' | 'published' | 'closed' | 'deleted';

export type ListingTransition = 'publish' | 'close' | 'open' | 'discard' | 'delete' | 'approve' | 'reject';
export type TransitionActor = 'owner' | 'operator';

export interface TransitionRule {
  transition: ListingTransition;
  from: readonly StoredState[];
  /** `publish` goes to published or pendingApproval by the supplier's published flag. */
  to: StoredState | 'published-or-pending';
  actor: TransitionActor;
  /** The outbox event written with the change, if any. */
  event: string | null;
}

export const LISTING_TRANSITIONS: readonly TransitionRule[] = [
  { transition: 'publish', from: ['draft'], to: 'published-or-pending', actor: 'owner', event: null },
  { transition: 'close', from: ['published'], to: 'closed', actor: 'owner', event: 'catalog.listing.closed' },
  { transition: 'open', from: ['closed'], to: 'published', actor: 'owner', event: 'catalog.listing.published' },
  { transition: 'discard', from: ['draft', 'pendingApproval'], to: 'deleted', actor: 'owner', event: 'catalog.listing.deleted' },
  { transition: 'delete', from: ['closed'], to: 'deleted', actor: 'owner', event: 'catalog.listing.deleted' },
  { transition: 'approve', from: ['pendingApproval'], to: 'published', actor: 'operator', event: 'catalog.listing.published' },
  { transition: 'reject', from: ['pendingApproval'], to: 'draft', actor: 'operator', event: 'catalog.listing.rejected' },
];

export interface AppliedTransition {
  rule: TransitionRule;
  to: StoredState;
}

/** The next state, or transaction-invalid-transition naming what was tried from where. */
export function applyTransition(state: StoredState, transition: ListingTransition, opts: { publishDirectly?: boolean } = {}): AppliedTransition {
  const rule = LISTING_TRANSITIONS.find((r) => r.transition === transition);
  if (!rule || !rule.from.includes(state)) {
    throw new AppError('transaction-invalid-transition', { transition, state, allowedFrom: rule?.from ?? [] });
  }
  const to = rule.to === 'published-or-pending' ? (opts.publishDirectly ? 'published' : 'pendingApproval') : rule.to;
  return { rule, to };
}

/** Who is looking at a listing, as far as its life cycle goes. */
export type ListingActor = TransitionActor | 'other' | 'anonymous';

export function listingActor(authorId: string, caller: Pick<Caller, 'userId' | 'role'> | null): ListingActor {
  if (caller === null) return 'anonymous';
  if (caller.userId === authorId) return 'owner';
  return caller.role === 'operator' ? 'operator' : 'other';
}

/**
 * The transitions `actor` may run on a listing in `state`, in table order: the API answers them
 * with every listing, and the web app shows its action buttons from them (it keeps no copy).
 */
export function allowedTransitions(state: StoredState, actor: ListingActor): ListingTransition[] {
  return LISTING_TRANSITIONS.filter((r) => r.actor === actor && r.from.includes(state)).map((r) => r.transition);
}

/**
 * DELETE on an own listing discards a draft, withdraws and discards a listing waiting for approval
 * (docs/decisions/015), or deletes a closed listing.
 */
export function deletionFor(state: StoredState): ListingTransition {
  return state === 'draft' || state === 'pendingApproval' ? 'discard' : 'delete';
}

/**
 * docs/decisions/015: a content edit of a listing buyers can see (published or closed) by a
 * supplier whose account is not approved to publish directly goes back to the operator, so
 * nothing reaches buyers unreviewed; published or not, the edit itself is kept.
 */
export function stateAfterEdit(state: StoredState, publishDirectly: boolean): StoredState {
  return isPubliclyVisible(state) && !publishDirectly ? 'pendingApproval' : state;
}

/** Published and closed listings are public; drafts and pending ones are not. */
export function isPubliclyVisible(state: StoredState): boolean {
  return state === 'published' || state === 'closed';
}

/** Drafts only for their owner; pending listings also for operators, who review them. */
export function canSee(listing: { author_id: string; state: StoredState }, caller: Caller | null): boolean {
  if (listing.state === 'deleted') return false;
  if (isPubliclyVisible(listing.state)) return true;
  if (caller === null) return false;
  return caller.userId === listing.author_id || (listing.state === 'pendingApproval' && caller.role === 'operator');
}

/** Which editable fields an update may name. */
export const UPDATABLE_FIELDS = [
  'title', 'description', 'category', 'productType', 'style', 'attributes', 'pricePackages', 'location', 'pickupEnabled',
  'shippingEnabled', 'visibleStates', 'collection', 'rules', 'availability', 'imageIds',
] as const;
export type UpdatableField = (typeof UPDATABLE_FIELDS)[number];
export const isUpdatableField = (v: string): v is UpdatableField => (UPDATABLE_FIELDS as readonly string[]).includes(v);
