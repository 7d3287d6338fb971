/**
 * Reviews (product-spec §3 Review, §5 "review rating and message required"): after receipt the
 * buyer reviews the supplier (ofProvider) and the supplier reviews the buyer (ofCustomer), each
 * once per order, until the review period expires. When a review may be written is decided here,
 * read by the server's guard and by the order page (docs/decisions/047).
 */
import type { Actor } from './processes';

export const REVIEW_TYPES = ['ofProvider', 'ofCustomer'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

export const REVIEW_CONTENT_MAX = 2000;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;

/** Message keys of the review form (the web maps them to en-AU wording). */
export const REVIEW_MSG = {
  ratingRequired: 'review.ratingRequired',
  contentRequired: 'review.contentRequired',
  contentTooLong: 'review.contentTooLong',
  alreadySent: 'review.alreadySent',
} as const;

/** The spec's code when `type` has already been written for the order. */
export const ALREADY_REVIEWED_CODE = {
  ofProvider: 'transaction-already-reviewed-by-customer',
  ofCustomer: 'transaction-already-reviewed-by-provider',
} as const satisfies Record<ReviewType, string>;

// The review form's schema (reviewInput) is in review-input.ts: the listing page shows reviews
// with these rules and loads no zod (ADR 062).

/** The review a party writes: the buyer reviews the supplier, the supplier the buyer; nobody else writes one. */
export function reviewTypeFor(actor: Actor): ReviewType | null {
  if (actor === 'customer') return 'ofProvider';
  if (actor === 'provider') return 'ofCustomer';
  return null;
}

/** Received (either process, either payment branch): the goods arrived, reviews open. */
const RECEIVED_STATES: readonly string[] = ['received', 'received-delayed-payment', 'received-multi-vendor'];
/** Completed: reviews stay open until the review period expires. */
const COMPLETED_STATES: readonly string[] = ['completed', 'completed-multi-vendor'];

/** The transition that ends the review period (the multi-vendor twin, should it exist, carries its prefix). */
export const isReviewPeriodExpiry = (transition: string): boolean => transition === 'expire-review-period' || transition.endsWith('-expire-review-period');

/**
 * Is the order's review period open? From receipt (a received state) through completion, until the
 * order's activity records the review period's expiry.
 */
export function reviewPeriodOpen(state: string, activity: readonly string[]): boolean {
  if (!RECEIVED_STATES.includes(state) && !COMPLETED_STATES.includes(state)) return false;
  return !activity.some(isReviewPeriodExpiry);
}

export interface ReviewSituation {
  state: string;
  /** The names of the transitions the order has run (its activity). */
  activity: readonly string[];
  /** The caller's role in the order. */
  viewer: Actor;
  /** The review types already written for the order. */
  written: readonly ReviewType[];
}

/**
 * What the caller may do about reviews now: `write` (the type it would write), `sent` (it wrote
 * its review: "review already sent"), or `closed` (not a party, not received yet, or expired).
 */
export type ReviewChance = { kind: 'write'; type: ReviewType } | { kind: 'sent'; type: ReviewType } | { kind: 'closed' };

export function reviewChance(s: ReviewSituation): ReviewChance {
  const type = reviewTypeFor(s.viewer);
  if (!type) return { kind: 'closed' };
  if (s.written.includes(type)) return { kind: 'sent', type };
  return reviewPeriodOpen(s.state, s.activity) ? { kind: 'write', type } : { kind: 'closed' };
}

/** The average rating to one decimal, from the ratings' sum and count (0 when there are none). */
export function averageRating(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
}
