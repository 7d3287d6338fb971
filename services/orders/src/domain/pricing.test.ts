import fc from 'fast-check';
import { customLineItemCode, deliveryMethodsOf, LINE_CODES, priceOrder, PricingError, SHIPPING_FLAT_RATE_CENTS, type PricingLine } from './pricing';

const line = (over: Partial<PricingLine> = {}): PricingLine => ({
  listingId: 'l1', description: 'Pale ale — 24 × 375 ml can', category: 'beer', packageIndex: 0, unitPriceCents: 8000, quantity: 2, deliveryMethod: 'pickup', ...over,
});
const total = (o: ReturnType<typeof priceOrder>, code: string) => o.lineItems.filter((i) => i.code === code).reduce((s, i) => s + i.lineTotalCents, 0);

describe('priceOrder', () => {
  it('prices beer picked up: units, GST 10%, the Small plan fee and its GST', () => {
    const o = priceOrder({ lines: [line()], platformFeeRate: 0.045 });
    expect(o.lineItems.map((i) => i.code)).toEqual([LINE_CODES.units, LINE_CODES.gst, LINE_CODES.providerCommission, LINE_CODES.providerCommissionGst]);
    expect(total(o, 'units')).toBe(16000);
    expect(total(o, 'gst')).toBe(1600);
    expect(total(o, 'provider-commission')).toBe(-720);
    expect(total(o, 'provider-commission-gst')).toBe(-72);
    expect(o.payinTotalCents).toBe(17600);
    expect(o.payoutTotalCents).toBe(17600 - 792);
    expect(o.wetTotalCents).toBe(0);
  });

  it('adds WET on wine lines only, and GST on goods + WET + shipping', () => {
    const o = priceOrder({ lines: [line({ category: 'wine', unitPriceCents: 10000, quantity: 1, deliveryMethod: 'shipping' }), line({ listingId: 'l2', unitPriceCents: 5000, quantity: 1 })], platformFeeRate: 0.03 });
    expect(total(o, 'wet')).toBe(2900);
    expect(total(o, 'shipping-fee')).toBe(SHIPPING_FLAT_RATE_CENTS);
    expect(total(o, 'gst')).toBe(Math.floor(((15000 + 2900 + 180) * 1000 + 5000) / 10000));
    expect(o.payinTotalCents).toBe(15000 + 2900 + 180 + 1808);
  });

  it('charges shipping once per order that ships', () => {
    const o = priceOrder({ lines: [line({ deliveryMethod: 'shipping' }), line({ listingId: 'l2', deliveryMethod: 'shipping' })], platformFeeRate: 0.045 });
    expect(o.lineItems.filter((i) => i.code === 'shipping-fee')).toHaveLength(1);
  });

  it('a customer commission is paid by the buyer with its GST and kept out of the payout', () => {
    const o = priceOrder({ lines: [line()], platformFeeRate: 0.045, customerCommissionRate: 0.02 });
    expect(total(o, 'customer-commission')).toBe(320);
    expect(total(o, 'customer-commission-gst')).toBe(32);
    expect(o.payinTotalCents - o.payoutTotalCents).toBe(320 + 32 + 720 + 72);
  });

  it('refuses input no caller should send', () => {
    expect(() => priceOrder({ lines: [], platformFeeRate: 0.045 })).toThrow(PricingError);
    expect(() => priceOrder({ lines: [line({ quantity: 0 })], platformFeeRate: 0.045 })).toThrow(PricingError);
    expect(() => priceOrder({ lines: [line({ unitPriceCents: 1.5 })], platformFeeRate: 0.045 })).toThrow(PricingError);
    expect(() => priceOrder({ lines: [line()], platformFeeRate: 0.045, customerCommissionRate: -0.01 })).toThrow('customer commission must be zero or positive');
  });

  const arbLine = fc.record({
    listingId: fc.uuid(), description: fc.string({ maxLength: 20 }), category: fc.constantFrom('beer', 'wine', 'spirit', 'cider'), packageIndex: fc.nat(19),
    unitPriceCents: fc.integer({ min: 1, max: 100_000_000 }), quantity: fc.integer({ min: 1, max: 1000 }), deliveryMethod: fc.constantFrom('pickup' as const, 'shipping' as const),
  });
  const arbInput = fc.record({
    lines: fc.array(arbLine, { minLength: 1, maxLength: 8 }),
    platformFeeRate: fc.constantFrom(0.045, 0.03, 0.025, 0.04),
    customerCommissionRate: fc.constantFrom(0, 0.01, 0.025),
  });

  it('property: totals are the sums of their lines, all integers, payin − payout = the commissions', () => {
    fc.assert(fc.property(arbInput, (input) => {
      const o = priceOrder(input);
      const sum = (party: string) => o.lineItems.filter((i) => i.includeFor.includes(party as 'customer')).reduce((s, i) => s + i.lineTotalCents, 0);
      expect(o.payinTotalCents).toBe(sum('customer'));
      expect(o.payoutTotalCents).toBe(sum('provider'));
      for (const i of o.lineItems) expect(Number.isSafeInteger(i.lineTotalCents)).toBe(true);
      const commissions = total(o, 'customer-commission') + total(o, 'customer-commission-gst') - total(o, 'provider-commission') - total(o, 'provider-commission-gst');
      expect(o.payinTotalCents - o.payoutTotalCents).toBe(commissions);
    }));
  });

  it('property: nothing negative but the supplier’s fee lines; customer commission ≥ 0, provider commission ≤ 0', () => {
    fc.assert(fc.property(arbInput, (input) => {
      const o = priceOrder(input);
      expect(o.payinTotalCents).toBeGreaterThan(0);
      expect(o.payoutTotalCents).toBeGreaterThanOrEqual(0);
      for (const i of o.lineItems) {
        if (i.code.startsWith('provider-commission')) expect(i.lineTotalCents).toBeLessThanOrEqual(0);
        else expect(i.lineTotalCents).toBeGreaterThanOrEqual(0);
      }
    }));
  });

  it('property: the same input always prices the same', () => {
    fc.assert(fc.property(arbInput, (input) => {
      expect(priceOrder(input)).toEqual(priceOrder(structuredClone(input)));
    }));
  });
});

describe('customLineItemCode', () => {
  it('is line-item/ and the first 63 characters, spaces to hyphens, lower-cased', () => {
    expect(customLineItemCode('Keg Deposit')).toBe('line-item/keg-deposit');
    expect(customLineItemCode('A'.repeat(70))).toBe(`line-item/${'a'.repeat(63)}`);
  });
});

describe('deliveryMethodsOf', () => {
  it('offers a product what its supplier enabled, and a service its one in-person method whatever its settings', () => {
    expect(deliveryMethodsOf({ listingType: 'product', pickupEnabled: true, shippingEnabled: true })).toEqual(['pickup', 'shipping']);
    expect(deliveryMethodsOf({ listingType: 'product', pickupEnabled: false, shippingEnabled: true })).toEqual(['shipping']);
    expect(deliveryMethodsOf({ listingType: 'product', pickupEnabled: false, shippingEnabled: false })).toEqual([]);
    expect(deliveryMethodsOf({ listingType: 'service', pickupEnabled: false, shippingEnabled: false })).toEqual(['pickup']);
    expect(deliveryMethodsOf({ listingType: 'service', pickupEnabled: false, shippingEnabled: true })).toEqual(['pickup']);
  });
});
