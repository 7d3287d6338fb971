import fc from 'fast-check';
import { AppError } from '@caskade/kit/rules';
import {
  ABV_RANGE, createSlug, EMPTY_LISTING_FIELDS, isValidPackageSize, MAX_PACKAGE_QUANTITY, MAX_PRICE_CENTS, listingFieldsInput, lowestPriceCents, parsePriceRange, PRODUCT_TYPES, showsStockLevel, stockLevel, STYLES, stylesFor,
  validateAttributes, validateCollections, validateListing, validatePricePackage, type ListingFieldsInput,
} from './index';
import { applyTransition, canSee, deletionFor, LISTING_TRANSITIONS, stateAfterEdit } from './listing';
import { detectImageType } from './images';
import { normaliseLines, sameLines } from './reservations';

const complete: ListingFieldsInput = {
  ...EMPTY_LISTING_FIELDS,
  title: 'Galaxy Pale', description: 'Bright and juicy.', category: 'beer', productType: 'ale', style: 'pale-ale',
  pricePackages: [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents: 24_000, sku: 'K50' }],
  location: { address: 'Healesville VIC', state: 'VIC', postcode: '3777', lat: 0, lng: 0 }, pickupEnabled: true,
  imageIds: ['6f1c2f3e-0b1a-4c55-9a77-1234567890ab'],
};

describe('slugs', () => {
  it.each([
    ['Crème Brûlée Stout', 'creme-brulee-stout'],
    ['  Hazy   IPA -- 4.5% ', 'hazy-ipa-4-5'],
    ['Ōra King_Pinot/Noir', 'ora-king-pinot-noir'],
    ['', 'no-slug'],
    ['!!!', 'no-slug'],
    ['日本酒', 'no-slug'],
  ])('%j → %s', (title, slug) => expect(createSlug(title)).toBe(slug));

  it('is always lowercase hyphen-separated ascii', () => {
    fc.assert(fc.property(fc.string(), (s) => expect(createSlug(s)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)));
  });
});

describe('attributes (spec §5)', () => {
  it('accepts an empty object for any category', () => {
    for (const c of ['beer', 'wine', 'spirit', 'cider', 'mixer']) expect(validateAttributes(c, {})).toEqual({});
  });
  it('accepts alcoholicPercent alone: it is the one attribute that may stay on its own', () => {
    expect(validateAttributes('beer', { alcoholicPercent: 4.5 })).toEqual({});
    expect(validateAttributes('cider', { alcoholicPercent: 5 })).toEqual({});
  });
  it('words an ABV outside its range with the range key (the wizard names the range)', () => {
    expect(validateAttributes('beer', { alcoholicPercent: ABV_RANGE.max })).toEqual({});
    for (const abv of [ABV_RANGE.max + 50, ABV_RANGE.min - 1, Number.NaN]) {
      expect(validateAttributes('beer', { alcoholicPercent: abv })).toEqual({ 'attributes.alcoholicPercent': 'validation.abvOutOfRange' });
    }
  });
  it('needs every other beer attribute once one is filled', () => {
    expect(validateAttributes('beer', { colour: 'Amber', malts: '  ' })).toEqual({
      'attributes.malts': 'validation.attributesIncomplete', 'attributes.hops': 'validation.attributesIncomplete', 'attributes.vegan': 'validation.attributesIncomplete',
    });
    expect(validateAttributes('beer', { colour: 'Amber', malts: 'Munich', hops: 'Saaz', vegan: false })).toEqual({});
  });
  it('checks wine attributes and the vintage form', () => {
    const wine = { variety: 'Shiraz', region: 'Barossa', soilType: 'Clay', vintage: '2019', traditionalOwners: 'Peramangk' };
    expect(validateAttributes('wine', wine)).toEqual({});
    expect(validateAttributes('wine', { ...wine, vintage: 'NV' })).toEqual({});
    expect(validateAttributes('wine', { ...wine, vintage: '19' })).toEqual({ 'attributes.vintage': 'validation.invalidValue' });
  });
  it('allows spirit values 0 to 10 and nothing above 10', () => {
    const spirit = { juniper: 10, citrus: 0, floral: 3, fruit: 4, herbal: 5, spice: 6 };
    expect(validateAttributes('spirit', spirit)).toEqual({});
    expect(validateAttributes('spirit', { ...spirit, juniper: 11 })).toEqual({ 'attributes.juniper': 'validation.attributeAboveTen' });
    fc.assert(fc.property(fc.integer({ min: 11, max: 1000 }), (v) => {
      expect(validateAttributes('spirit', { ...spirit, spice: v })['attributes.spice']).toBe('validation.attributeAboveTen');
    }));
  });
  it('refuses another category’s attributes', () => {
    expect(validateAttributes('cider', { hops: 'Galaxy' })).toMatchObject({ 'attributes.hops': 'validation.attributeNotForCategory' });
    expect(validateAttributes('beer', { juniper: 2 })).toMatchObject({ 'attributes.juniper': 'validation.attributeNotForCategory' });
  });
});

describe('price packages', () => {
  it.each([
    ['keg', 20, true], ['keg', 30, true], ['keg', 50, true], ['keg', 25, false], ['keg', 0, false],
    ['bottle', 100, true], ['bottle', 1500, true], ['bottle', 99, false], ['bottle', 1501, false], ['bottle', 750.5, false],
    ['can', 200, true], ['can', 500, true], ['can', 199, false], ['can', 501, false],
    ['services', 0, true], ['services', 1, false], ['crate', 10, false],
  ] as const)('%s of %d is %s', (type, size, ok) => expect(isValidPackageSize(type, size)).toBe(ok));

  it('needs a price above zero in whole cents, and products and services use their own package types', () => {
    const row = { packageType: 'can', size: 375, unit: 'ml', quantity: 24, priceCents: 0, sku: '' };
    expect(validatePricePackage('product', row, 0)).toEqual({ 'pricePackages.0.priceCents': 'validation.priceAboveZero' });
    expect(validatePricePackage('product', { ...row, priceCents: 12.5 }, 0)).toEqual({ 'pricePackages.0.priceCents': 'validation.priceAboveZero' });
    expect(validatePricePackage('product', { ...row, priceCents: 7200 }, 0)).toEqual({});
    // Above the dearest package allowed: its own key, so the wizard names the limit (not "above $0").
    expect(validatePricePackage('product', { ...row, priceCents: MAX_PRICE_CENTS + 1 }, 0)).toEqual({ 'pricePackages.0.priceCents': 'validation.priceTooHigh' });
    expect(validatePricePackage('product', { ...row, priceCents: 9_999_999_999_900 }, 0)).toEqual({ 'pricePackages.0.priceCents': 'validation.priceTooHigh' });
    expect(validatePricePackage('product', { ...row, quantity: MAX_PACKAGE_QUANTITY + 1, priceCents: 7200 }, 0)).toEqual({ 'pricePackages.0.quantity': 'validation.packageQuantityTooHigh' });
    expect(validatePricePackage('service', { ...row, priceCents: 7200 }, 1)).toEqual({ 'pricePackages.1.packageType': 'validation.packageTypeInvalid' });
    expect(validatePricePackage('service', { packageType: 'services', size: 0, unit: '', quantity: 1, priceCents: 5000, sku: '' }, 0)).toEqual({});
    expect(validatePricePackage('product', { ...row, unit: 'L', priceCents: 100 }, 0)).toEqual({ 'pricePackages.0.unit': 'validation.invalidValue' });
  });

  it('prices a listing at its lowest package, an integer number of cents', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 100_000_000 }), { minLength: 1, maxLength: 20 }), (prices) => {
      const price = lowestPriceCents(prices.map((priceCents) => ({ priceCents })));
      expect(Number.isSafeInteger(price)).toBe(true);
      expect(prices).toContain(price);
      expect(prices.every((p) => p >= price)).toBe(true);
    }));
    expect(lowestPriceCents([])).toBe(0);
  });

  it('parses the price filter in dollars into inclusive cents', () => {
    expect(parsePriceRange('10,50')).toEqual({ minCents: 1000, maxCents: 5000 });
    expect(parsePriceRange('9.99,')).toEqual({ minCents: 999, maxCents: null });
    expect(parsePriceRange(',120.5')).toEqual({ minCents: null, maxCents: 12050 });
    for (const bad of ['50,10', 'ten,20', '1,2,3', '-1,5', '1.234,5', '10']) expect(parsePriceRange(bad)).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (a, b) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      expect(parsePriceRange(`${lo},${hi}`)).toEqual({ minCents: lo * 100, maxCents: hi * 100 });
    }));
  });
});

describe('listing validation', () => {
  it('lets a draft be incomplete but not malformed', () => {
    expect(validateListing({ ...EMPTY_LISTING_FIELDS, title: 'Just a title' }, 'draft')).toEqual({});
    expect(validateListing({ ...EMPTY_LISTING_FIELDS, category: 'whisky' }, 'draft')).toEqual({ category: 'validation.categoryInvalid' });
    expect(validateListing({ ...EMPTY_LISTING_FIELDS, title: 'x'.repeat(121) }, 'draft')).toEqual({ title: 'validation.tooLong' });
  });
  it('needs everything a buyer needs to publish', () => {
    expect(validateListing(complete, 'publish')).toEqual({});
    expect(validateListing(EMPTY_LISTING_FIELDS, 'publish')).toEqual({
      title: 'validation.required', description: 'validation.required', category: 'validation.required', productType: 'validation.required',
      location: 'validation.locationRequired', delivery: 'validation.deliveryRequired', pricePackages: 'validation.pricePackagesRequired',
      imageIds: 'validation.imagesRequired',
    });
    expect(validateListing({ ...complete, style: '' }, 'publish')).toEqual({ style: 'validation.required' });
    expect(validateListing({ ...complete, category: 'cider', productType: 'apple', style: '' }, 'publish')).toEqual({});
  });
  it('keeps product fields off service listings', () => {
    const service: ListingFieldsInput = {
      ...EMPTY_LISTING_FIELDS, listingType: 'service', title: 'Canning', description: 'Line hire', category: 'canning', imageIds: complete.imageIds,
      pricePackages: [{ packageType: 'services', size: 0, unit: '', quantity: 1, priceCents: 100_000, sku: '' }],
    };
    expect(validateListing(service, 'publish')).toEqual({});
    expect(validateListing({ ...service, category: 'beer' }, 'draft')).toEqual({ category: 'validation.serviceCategoryInvalid' });
    expect(validateListing({ ...service, productType: 'ale' }, 'draft')).toEqual({ productType: 'validation.productTypeInvalid' });
    expect(validateListing({ ...service, attributes: { alcoholicPercent: 5 } }, 'draft')).toEqual({ attributes: 'validation.attributeNotForCategory' });
  });
  it('parses request bodies strictly', () => {
    expect(listingFieldsInput.safeParse({ title: 'x', surprise: 1 }).success).toBe(false);
    expect(listingFieldsInput.safeParse({ pricePackages: [{ packageType: 'keg', size: 50, quantity: 1, priceCents: 0 }] }).success).toBe(false);
    const ok = listingFieldsInput.parse({ pricePackages: [{ packageType: 'bottle', size: 750, quantity: 12, priceCents: 3600 }] });
    expect(ok.pricePackages?.[0]).toEqual({ packageType: 'bottle', size: 750, unit: 'ml', quantity: 12, priceCents: 3600, sku: '' });
  });
});

describe('styles by type and postcodes by state', () => {
  it('offers a beer type only the styles that fit it; a specialty beer any style', () => {
    expect(stylesFor('beer', 'lager')).toEqual(['pilsner', 'lager', 'amber', 'dark-lager']);
    expect(stylesFor('beer', 'lager')).not.toContain('stout');
    expect(stylesFor('beer', 'sour-wild')).toEqual(['sour', 'gose', 'saison']);
    expect(stylesFor('beer', 'specialty')).toEqual(STYLES.beer);
    expect(stylesFor('wine', 'red')).not.toContain('crisp');
    expect(stylesFor('cider', 'apple')).toEqual([]);
    expect(stylesFor('nonsense', 'ale')).toEqual([]);
  });
  it('every fitting style is one of its category\'s styles and every type of a category with styles has at least one', () => {
    for (const category of ['beer', 'wine'] as const) {
      for (const type of PRODUCT_TYPES[category]) {
        const styles = stylesFor(category, type);
        expect(styles.length).toBeGreaterThan(0);
        for (const style of styles) expect(STYLES[category]).toContain(style);
      }
    }
  });
  it('refuses a style that does not fit the type, in drafts too', () => {
    expect(validateListing({ ...complete, productType: 'lager', style: 'stout' }, 'draft')).toEqual({ style: 'validation.styleNotForType' });
    expect(validateListing({ ...complete, productType: 'lager', style: 'pilsner' }, 'publish')).toEqual({});
  });
  it('refuses a postcode of another state, accepts the state\'s own', () => {
    const at = (state: string, postcode: string) => ({ ...complete, location: { address: 'Somewhere', state, postcode, lat: 0, lng: 0 } });
    expect(validateListing(at('NSW', '3777'), 'draft')).toEqual({ 'location.postcode': 'validation.postcodeNotInState' });
    expect(validateListing(at('ACT', '2000'), 'draft')).toEqual({ 'location.postcode': 'validation.postcodeNotInState' });
    expect(validateListing(at('ACT', '2609'), 'publish')).toEqual({});
    expect(validateListing(at('VIC', '3777'), 'publish')).toEqual({});
    expect(validateListing(at('VIC', '37'), 'draft')).toEqual({ 'location.postcode': 'validation.invalidValue' });
  });
});

describe('collections and stock indicator', () => {
  it('allows at most four uniquely named collections', () => {
    expect(validateCollections(['Core', 'Seasonal', 'Limited', 'Collab'])).toBeNull();
    expect(validateCollections(['A', 'B', 'C', 'D', 'E'])).toBe('validation.collectionsTooMany');
    expect(validateCollections(['Core', ' core '])).toBe('validation.collectionsNotUnique');
  });
  it.each([[0, 'outOfStock'], [1, 'runningOut'], [10, 'runningOut'], [11, 'low'], [19, 'low'], [20, 'inStock'], [500, 'inStock']] as const)(
    'stock %d reads %s', (q, level) => expect(stockLevel(q)).toBe(level),
  );
  it('shows a stock level for products only: a service is booked, not stocked', () => {
    expect(showsStockLevel({ listingType: 'product' })).toBe(true);
    expect(showsStockLevel({ listingType: 'service' })).toBe(false);
  });
});

describe('listing life cycle', () => {
  it.each([
    ['draft', 'publish', 'published', true], ['draft', 'publish', 'pendingApproval', false], ['published', 'close', 'closed', true],
    ['closed', 'open', 'published', true], ['draft', 'discard', 'deleted', true], ['closed', 'delete', 'deleted', true],
    ['pendingApproval', 'approve', 'published', true], ['pendingApproval', 'reject', 'draft', true],
  ] as const)('%s --%s--> %s', (from, transition, to, publishDirectly) => {
    expect(applyTransition(from, transition, { publishDirectly }).to).toBe(to);
  });
  it('refuses every transition not in the table', () => {
    const states = ['draft', 'pendingApproval', 'published', 'closed', 'deleted'] as const;
    for (const rule of LISTING_TRANSITIONS) {
      for (const state of states.filter((s) => !rule.from.includes(s))) {
        expect(() => applyTransition(state, rule.transition)).toThrow(AppError);
      }
    }
  });
  it('deletes a draft by discarding it, anything else by delete (closed only)', () => {
    expect(deletionFor('draft')).toBe('discard');
    expect(deletionFor('published')).toBe('delete');
    expect(() => applyTransition('published', deletionFor('published'))).toThrow(AppError);
  });
  it('discards a listing waiting for approval like a draft', () => {
    expect(deletionFor('pendingApproval')).toBe('discard');
    expect(applyTransition('pendingApproval', 'discard').to).toBe('deleted');
  });
  it('sends a live listing edited by a supplier without the published flag back for approval', () => {
    expect(stateAfterEdit('published', false)).toBe('pendingApproval');
    expect(stateAfterEdit('closed', false)).toBe('pendingApproval');
    expect(stateAfterEdit('published', true)).toBe('published');
    expect(stateAfterEdit('draft', false)).toBe('draft');
    expect(stateAfterEdit('pendingApproval', false)).toBe('pendingApproval');
  });
  it('shows drafts to their owner only, pending listings to their owner and operators', () => {
    const owner = { userId: 'a', role: 'supplier' as const, scopes: [] };
    const other = { userId: 'b', role: 'supplier' as const, scopes: [] };
    const op = { userId: 'c', role: 'operator' as const, scopes: [] };
    const seenBy = (state: 'draft' | 'pendingApproval') => {
      const l = { author_id: 'a', state };
      return [canSee(l, owner), canSee(l, op), canSee(l, other), canSee(l, null)];
    };
    expect(seenBy('draft')).toEqual([true, false, false, false]);
    expect(seenBy('pendingApproval')).toEqual([true, true, false, false]);
    expect(canSee({ author_id: 'a', state: 'closed' }, null)).toBe(true);
    expect(canSee({ author_id: 'a', state: 'deleted' }, owner)).toBe(false);
  });
});

describe('uploads and reservations', () => {
  it('recognises JPG, PNG and GIF by their magic bytes only', () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectImageType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(detectImageType(Buffer.from('<html>GIF89a</html>'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF....WEBP'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
  it('merges and sorts reservation lines so concurrent reservers lock rows in one order', () => {
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    const lines = normaliseLines([{ listingId: b, quantity: 1 }, { listingId: a, quantity: 2 }, { listingId: b, quantity: 3 }]);
    expect(lines).toEqual([{ listingId: a, quantity: 2 }, { listingId: b, quantity: 4 }]);
    expect(sameLines(lines, normaliseLines([{ listingId: a, quantity: 2 }, { listingId: b, quantity: 4 }]))).toBe(true);
    expect(() => normaliseLines([])).toThrow(AppError);
    expect(() => normaliseLines([{ listingId: a, quantity: 0 }])).toThrow(AppError);
    expect(() => normaliseLines([{ listingId: 'nope', quantity: 1 }])).toThrow(AppError);
  });
});
