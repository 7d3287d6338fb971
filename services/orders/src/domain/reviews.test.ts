import { ACTORS } from './processes';
import { averageRating, isReviewPeriodExpiry, reviewChance, reviewPeriodOpen, reviewTypeFor, REVIEW_MSG } from './reviews';
import { reviewInput } from './review-input';

describe('when a review may be written', () => {
  it.each([
    ['received', [], true],
    ['received-delayed-payment', [], true],
    ['received-multi-vendor', [], true],
    ['completed', ['mark-received', 'auto-complete'], true],
    ['completed-multi-vendor', ['transition/multi-vendor-auto-complete'], true],
    ['completed', ['mark-received', 'auto-complete', 'expire-review-period'], false],
    ['completed-multi-vendor', ['transition/multi-vendor-expire-review-period'], false],
    ['purchased', [], false],
    ['delivered', [], false],
    ['disputed-multi-vendor', [], false],
    ['canceled', [], false],
    ['pending-payment', [], false],
  ] as const)('%s after %j → %s', (state, activity, open) => {
    expect(reviewPeriodOpen(state, activity)).toBe(open);
  });

  it('the expiry is the review period transition of either process only', () => {
    expect(['expire-review-period', 'transition/multi-vendor-expire-review-period', 'expire-payment', 'auto-complete'].map(isReviewPeriodExpiry)).toEqual([true, true, false, false]);
  });

  it('the buyer writes of the supplier, the supplier of the buyer, nobody else', () => {
    expect(ACTORS.map(reviewTypeFor)).toEqual(['ofProvider', 'ofCustomer', null, null]);
  });

  it.each([
    [{ state: 'received', activity: [], viewer: 'customer', written: [] }, { kind: 'write', type: 'ofProvider' }],
    [{ state: 'received', activity: [], viewer: 'provider', written: ['ofProvider'] }, { kind: 'write', type: 'ofCustomer' }],
    [{ state: 'completed', activity: [], viewer: 'customer', written: ['ofProvider'] }, { kind: 'sent', type: 'ofProvider' }],
    [{ state: 'completed', activity: ['expire-review-period'], viewer: 'provider', written: ['ofCustomer'] }, { kind: 'sent', type: 'ofCustomer' }],
    [{ state: 'completed', activity: ['expire-review-period'], viewer: 'provider', written: [] }, { kind: 'closed' }],
    [{ state: 'delivered', activity: [], viewer: 'customer', written: [] }, { kind: 'closed' }],
    [{ state: 'received', activity: [], viewer: 'operator', written: [] }, { kind: 'closed' }],
  ] as const)('%j → %j', (situation, chance) => {
    expect(reviewChance(situation)).toEqual(chance);
  });
});

describe('the review input', () => {
  it('takes a whole rating 1–5 and a trimmed message', () => {
    expect(reviewInput.parse({ rating: 4, content: '  Great kegs, on time.  ' })).toEqual({ rating: 4, content: 'Great kegs, on time.' });
    expect(reviewInput.parse({ rating: 1, content: 'x'.repeat(2000) }).content).toHaveLength(2000);
  });

  it.each([
    ['rating 0', { rating: 0, content: 'ok' }, ['rating', REVIEW_MSG.ratingRequired]],
    ['rating 6', { rating: 6, content: 'ok' }, ['rating', REVIEW_MSG.ratingRequired]],
    ['rating 3.5', { rating: 3.5, content: 'ok' }, ['rating', REVIEW_MSG.ratingRequired]],
    ['no rating', { content: 'ok' }, ['rating', REVIEW_MSG.ratingRequired]],
    ['blank message', { rating: 3, content: '   ' }, ['content', REVIEW_MSG.contentRequired]],
    ['no message', { rating: 3 }, ['content', REVIEW_MSG.contentRequired]],
    ['2001 characters', { rating: 3, content: 'x'.repeat(2001) }, ['content', REVIEW_MSG.contentTooLong]],
  ])('%s is refused: %j', (_label, input, [field, message]) => {
    const out = reviewInput.safeParse(input);
    expect(out.success ? [] : out.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });
});

describe('the average rating', () => {
  it.each([
    [0, 0, 0],
    [5, 1, 5],
    [9, 2, 4.5],
    [13, 3, 4.3],
    [11, 3, 3.7],
  ])('sum %d of %d → %d', (sum, count, average) => {
    expect(averageRating(sum, count)).toBe(average);
  });
});
