import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../api/client';
import { checkoutFailureMessages } from './checkoutFailure';

describe('what a refused checkout says', () => {
  const names: Record<string, string> = { s1: 'Hop Hill Brewing', s2: 'Vines & Co' };
  const name = (id: string) => names[id];
  const missing = (supplierIds: unknown) => new ApiError(409, 'transaction-missing-stripe-account', 'Conflict', { supplierIds });

  it('names the suppliers whose payouts are not set up', () => {
    expect(checkoutFailureMessages(missing(['s1']), name)).toEqual([
      'Hop Hill Brewing hasn’t finished setting up payouts, so its products can’t be bought yet. Remove them from your cart to check out the rest.',
    ]);
    expect(checkoutFailureMessages(missing(['s1', 's2']), name)).toEqual([
      'Hop Hill Brewing, Vines & Co haven’t finished setting up payouts, so their products can’t be bought yet. Remove them from your cart to check out the rest.',
    ]);
  });

  it('falls back to the general message when no supplier can be named', () => {
    const general = 'This supplier hasn’t finished setting up payouts, so their products can’t be bought yet.';
    expect(checkoutFailureMessages(missing(['unknown']), name)).toEqual([general]);
    expect(checkoutFailureMessages(missing('s1'), name)).toEqual([general]);
    expect(checkoutFailureMessages(new ApiError(409, 'transaction-listing-insufficient-stock', 'Conflict'), name)).not.toEqual([general]);
  });

  it('says whose minimum order is not met', () => {
    const refused = new ApiError(400, 'validation-invalid-params', 'Bad Request', { fields: { 'suppliers.s1': 'Minimum order not met', 'suppliers.zz': 'Minimum order not met' } });
    expect(checkoutFailureMessages(refused, name)).toEqual(['Hop Hill Brewing: Minimum order not met', 'Minimum order not met']);
  });

  it('says a price changed since the buyer opened checkout', () => {
    const changed = new ApiError(409, 'transaction-price-changed', 'Conflict', { expectedPayinTotalCents: 26_400, payinTotalCents: 31_900 });
    expect(checkoutFailureMessages(changed, name)).toEqual(['A price changed since you opened checkout, so the total is different. Check the new total and pay again.']);
  });

  it('says how many packages the minimum order is, when the refusal carries it (the cart’s supplier, or Buy now’s quantity)', () => {
    const cart = new ApiError(400, 'validation-invalid-params', 'Bad Request', { fields: { 'suppliers.s1': 'Minimum order not met' }, minimumOrderQuantity: 6 });
    expect(checkoutFailureMessages(cart, name)).toEqual(['Hop Hill Brewing: Minimum order not met. The minimum order is 6 packages.']);
    const buyNow = new ApiError(400, 'validation-invalid-params', 'Bad Request', { fields: { quantity: 'Minimum order not met' }, minimumOrderQuantity: 2 });
    expect(checkoutFailureMessages(buyNow, name)).toEqual(['Minimum order not met. The minimum order is 2 packages.']);
  });
});
