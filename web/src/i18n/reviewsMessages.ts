/** en-AU wording of reviews (the order page's review form, the lists on listing and profile pages) and "Order again". */
import { REORDER_ERROR, REVIEW_MSG } from '@caskade/orders/domain';
import { buyingMessage } from './buyingMessages';
import { errorCodeMessage } from './messages';

const REVIEW_FIELD_MESSAGES: Record<string, string> = {
  [REVIEW_MSG.ratingRequired]: 'Choose a rating from 1 to 5 stars.',
  [REVIEW_MSG.contentRequired]: 'Write a few words about the order.',
  [REVIEW_MSG.contentTooLong]: 'Keep the review to 2,000 characters or fewer.',
};

/** A review form field's message key in words. */
export const reviewFieldMessage = (key: string): string => REVIEW_FIELD_MESSAGES[key] ?? errorCodeMessage(key);

/** Why a line could not be ordered again, in words (the spec's two reasons, else the cart's key). */
export function reorderErrorMessage(error: string): string {
  if (error === REORDER_ERROR.listingNotFound) return 'Listing info not found — this product is no longer available.';
  if (error === REORDER_ERROR.notEnoughQuantity) return 'Not enough stock to order this quantity again.';
  return buyingMessage(error);
}

export const reviewsUi = {
  panel: {
    ofProviderTitle: 'Review the supplier',
    ofCustomerTitle: 'Review the buyer',
    rating: 'Rating',
    star: (n: number) => `${n} star${n === 1 ? '' : 's'}`,
    content: 'Your review',
    contentHint: 'Up to 2,000 characters. Your review is public.',
    submit: 'Send review',
    sending: 'Sending…',
    sent: 'Review already sent. Thank you!',
    sentNow: 'Thank you — your review is published.',
    theirReview: (name: string) => `${name || 'The other party'} reviewed you`,
    alreadyReviewed: 'Review already sent.',
    closed: 'Reviews for this order are closed.',
    failed: 'Your review could not be sent. Please try again.',
  },
  list: {
    heading: 'Reviews',
    none: 'No reviews yet.',
    average: (avg: number, count: number) => `${avg.toFixed(1)} out of 5 from ${count} review${count === 1 ? '' : 's'}`,
    ratedAria: (rating: number) => `Rated ${rating} out of 5`,
    by: (name: string) => name || 'A Caskade member',
    loadFailed: 'Reviews could not be loaded.',
    pages: 'More reviews',
    older: 'Older reviews',
    newer: 'Newer reviews',
  },
  reorder: {
    button: 'Order again',
    running: 'Adding to cart…',
    added: (n: number) => `${n} item${n === 1 ? '' : 's'} added to your cart at today’s prices.`,
    noneAdded: 'Nothing could be added to your cart.',
    failedHeading: 'Not added:',
    goToCart: 'Go to cart',
    failed: 'Somethings went wrong!',
  },
} as const;
