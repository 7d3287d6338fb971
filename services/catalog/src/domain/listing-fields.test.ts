import { MAX_INT32 } from '@caskade/kit/rules';
import { listingFieldsInput, MAX_PACKAGE_QUANTITY, MAX_PRICE_CENTS, parsePriceRange, pricePackageInput } from './index';

describe('catalog input shapes', () => {
  const row = (quantity: number) => ({ packageType: 'keg', size: 50, quantity, priceCents: 24_000 });

  it('bounds the package quantity inside int32 (the proto field) with the quantity message', () => {
    expect(pricePackageInput.safeParse(row(24)).success).toBe(true);
    expect(pricePackageInput.safeParse(row(MAX_PACKAGE_QUANTITY)).success).toBe(true);
    for (const quantity of [0, MAX_PACKAGE_QUANTITY + 1, MAX_INT32 + 1, 9_007_199_254_740_991]) {
      const out = pricePackageInput.safeParse(row(quantity));
      expect(out.success).toBe(false);
      expect(out.error?.issues[0]?.message).toBe('validation.quantityInvalid');
    }
  });

  it('accepts no integer field beyond int32 anywhere in the listing fields', () => {
    const huge = MAX_INT32 + 1;
    const bodies = [
      { pricePackages: [{ ...row(1), size: huge }] },
      { pricePackages: [{ ...row(1), priceCents: huge }] },
      { attributes: { juniper: huge } },
      { availability: [{ dayOfWeek: 'mon', seats: huge, start: '09:00', end: '17:00' }] },
    ];
    for (const body of bodies) expect(listingFieldsInput.safeParse(body).success).toBe(false);
  });
});

describe('parsePriceRange', () => {
  it('reads dollars into inclusive cents', () => {
    expect(parsePriceRange('10,20.5')).toEqual({ minCents: 1000, maxCents: 2050 });
    expect(parsePriceRange(',20')).toEqual({ minCents: null, maxCents: 2000 });
  });

  it('refuses a bound above the dearest allowed price (it would overflow the price column)', () => {
    expect(parsePriceRange(`0,${MAX_PRICE_CENTS / 100}`)).toEqual({ minCents: 0, maxCents: MAX_PRICE_CENTS });
    expect(parsePriceRange('0,999999999')).toBeNull();
    expect(parsePriceRange('999999999,')).toBeNull();
    expect(parsePriceRange(`0,${MAX_PRICE_CENTS / 100}.01`)).toBeNull();
  });
});
