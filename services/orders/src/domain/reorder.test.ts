import { ORDER_MSG } from './messages';
import { REORDER_ERROR, reorderErrorOf } from './reorder';

describe('why a line was not reordered', () => {
  it.each([
    ['transaction-listing-not-found', {}, REORDER_ERROR.listingNotFound],
    ['not-found', {}, REORDER_ERROR.listingNotFound],
    ['transaction-listing-insufficient-stock', {}, REORDER_ERROR.notEnoughQuantity],
    ['validation-invalid-params', { quantity: ORDER_MSG.quantityOverMsg }, REORDER_ERROR.notEnoughQuantity],
    ['validation-invalid-params', { deliveryMethod: ORDER_MSG.deliveryMethodUnavailable }, ORDER_MSG.deliveryMethodUnavailable],
    ['forbidden', {}, 'forbidden'],
  ])('%s %j → %s', (code, fields, error) => {
    expect(reorderErrorOf(code, fields)).toBe(error);
  });
});
