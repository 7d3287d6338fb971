import { MAX_INT32 } from '@caskade/kit/rules';
import { ABV_RANGE, listingFieldsInput, MAX_PACKAGE_QUANTITY, MAX_PRICE_CENTS, MAX_STOCK, parsePriceRange, pricePackageInput, stockProblem, typedPriceCents } from './index';

describe('catalog input shapes', () => {
  const row = (quantity: number) => ({ packageType: 'keg', size: 50, quantity, priceCents: 24_000 });

  it('bounds the package quantity inside int32 (the proto field): below 1 the quantity message, above the limit its own', () => {
    expect(pricePackageInput.safeParse(row(24)).success).toBe(true);
    expect(pricePackageInput.safeParse(row(MAX_PACKAGE_QUANTITY)).success).toBe(true);
    expect(pricePackageInput.safeParse(row(0)).error?.issues[0]?.message).toBe('validation.quantityInvalid');
    for (const quantity of [MAX_PACKAGE_QUANTITY + 1, MAX_INT32 + 1, 9_007_199_254_740_991]) {
      const out = pricePackageInput.safeParse(row(quantity));
      expect(out.success).toBe(false);
      expect(out.error?.issues[0]?.message).toBe('validation.packageQuantityTooHigh');
    }
  });

  it('words a price above the limit and an ABV out of range with their own keys, not "above $0" or "invalid"', () => {
    expect(pricePackageInput.safeParse({ ...row(1), priceCents: MAX_PRICE_CENTS }).success).toBe(true);
    expect(pricePackageInput.safeParse({ ...row(1), priceCents: MAX_PRICE_CENTS + 1 }).error?.issues[0]?.message).toBe('validation.priceTooHigh');
    expect(pricePackageInput.safeParse({ ...row(1), priceCents: 0 }).error?.issues[0]?.message).toBe('validation.priceAboveZero');
    for (const abv of [ABV_RANGE.min - 1, ABV_RANGE.max + 50]) {
      expect(listingFieldsInput.safeParse({ attributes: { alcoholicPercent: abv } }).error?.issues[0]?.message).toBe('validation.abvOutOfRange');
    }
  });

  it('reads a typed package price: an amount too long to read is over the limit, anything else not an amount is NaN', () => {
    expect(typedPriceCents('65.50')).toBe(6550);
    expect(typedPriceCents('99999999999')).toBeGreaterThan(MAX_PRICE_CENTS);
    for (const bad of ['', 'abc', '-5', '1e3', '65.555']) expect(typedPriceCents(bad)).toBeNaN();
  });

  it('tells a stock total above MAX_STOCK from one that is not a whole number of 0 or more', () => {
    expect(stockProblem(0)).toBeNull();
    expect(stockProblem(MAX_STOCK)).toBeNull();
    expect(stockProblem(MAX_STOCK + 1)).toBe('validation.stockTooHigh');
    expect(stockProblem(99_999_999_999)).toBe('validation.stockTooHigh');
    for (const bad of [-1, 1.5, Number.NaN]) expect(stockProblem(bad)).toBe('validation.stockInvalid');
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
