import { describe, expect, it } from '@jest/globals';
import { deliveryLabel } from './deliveryLabel';

describe('how a line is delivered, in words', () => {
  it('names a product’s method', () => {
    expect([deliveryLabel('pickup', 'beer'), deliveryLabel('shipping', 'wine')]).toEqual(['Pickup', 'Shipping']);
  });
  it('says a service is given in person, not picked up', () => {
    expect([deliveryLabel('pickup', 'canning'), deliveryLabel('pickup', 'contract_brewing')]).toEqual(['In person', 'In person']);
  });
});
