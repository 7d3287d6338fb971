import { describe, expect, it } from '@jest/globals';
import { orderFieldErrors } from './orderFields';

describe('orderFieldErrors', () => {
  it('takes the cart’s flat keys and the preview’s orderData paths alike, and nothing else', () => {
    expect(orderFieldErrors({ quantity: 'quantityOverMsg', listingId: 'x' })).toEqual({ quantity: 'quantityOverMsg' });
    expect(orderFieldErrors({ 'orderData.quantity': 'quantityOverMsg', 'orderData.deliveryMethod': 'deliveryMethodRequired', 'orderData.sku': 'y' }))
      .toEqual({ quantity: 'quantityOverMsg', deliveryMethod: 'deliveryMethodRequired' });
    expect(orderFieldErrors({ 'orderData.packageIndex': 'pricePackRequired' })).toEqual({ packageIndex: 'pricePackRequired' });
    expect(orderFieldErrors({})).toEqual({});
  });
});
