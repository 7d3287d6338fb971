import { CATEGORIES } from '@caskade/kit/rules';
import { LIQUOR_ABV_THRESHOLD, LIQUOR_CATEGORIES, requiresLiquorLicence } from './liquor';
import { SERVICE_CATEGORIES } from './taxonomy';

describe('requiresLiquorLicence', () => {
  it.each([
    ['beer', true], ['cider', true], ['low-alcohol', true], ['rtd', true], ['spirit', true], ['wine', true],
    ['mixer', false], ['wellness', false], ['zero-alcohol', false],
  ])('a %s product without an alcohol content: %s', (category, expected) => {
    expect(requiresLiquorLicence({ listingType: 'product', category, attributes: {} })).toBe(expected);
    expect(requiresLiquorLicence({ listingType: 'product', category })).toBe(expected);
  });

  it('lists every product category once: each is either liquor or not', () => {
    expect(LIQUOR_CATEGORIES.every((c) => (CATEGORIES as readonly string[]).includes(c))).toBe(true);
    expect(new Set(LIQUOR_CATEGORIES).size).toBe(LIQUOR_CATEGORIES.length);
  });

  it.each([
    [{ category: 'beer', abv: 4.8 }, true],
    [{ category: 'beer', abv: 0.5 }, false],
    [{ category: 'zero-alcohol', abv: 0 }, false],
    [{ category: 'low-alcohol', abv: 1.15 }, false],
    [{ category: 'low-alcohol', abv: 1.16 }, true],
    [{ category: 'wellness', abv: 3 }, true],
    [{ category: 'mixer', abv: LIQUOR_ABV_THRESHOLD }, false],
  ])('the alcohol content decides when given: %o → %s', ({ category, abv }, expected) => {
    expect(requiresLiquorLicence({ listingType: 'product', category, attributes: { alcoholicPercent: abv } })).toBe(expected);
  });

  it('a null alcohol content counts as not given', () => {
    expect(requiresLiquorLicence({ listingType: 'product', category: 'wine', attributes: { alcoholicPercent: null } })).toBe(true);
  });

  it.each(SERVICE_CATEGORIES)('a %s service is never liquor', (category) => {
    expect(requiresLiquorLicence({ listingType: 'service', category })).toBe(false);
    expect(requiresLiquorLicence({ listingType: 'service', category, attributes: { alcoholicPercent: 40 } })).toBe(false);
  });
});
