import { describe, expect, it } from '@jest/globals';
import { MESSAGE_KEYS, SORT_LABELS } from '../i18n/catalogMessages';
import { attributesFromInputs } from '../pages/editListing/steps';
import { fileProblem } from '../pages/editListing/PhotosStep';
import { packageOf, rowOf } from '../pages/editListing/PricingStep';
import { errorsForStep, fieldsOf, incompleteSteps, nextStep, stepForField, stepsFor, validateStep } from '../pages/editListing/wizard';
import { uniqueCollections } from '../pages/ProfilePage';
import { editListingPath, listingPath, newListingPath } from './listingPaths';
import { withGst } from './money';
import { packageLabel } from './packages';
import { pageItems, parsePage } from './pagination';
import { EMPTY_SEARCH, activeFilterCount, parseSearch, searchParamsOf, withFilters } from './searchQuery';
import { CATALOG_MSG, IMAGE_MAX_BYTES, SORT_OPTIONS, validatePricePackage } from '@caskade/catalog/domain';

const BRAND = '0d6200d8-3164-4959-ace8-a7b1b7973271';

describe('pagination', () => {
  it('shows first, last, neighbours and ellipses', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(1, 5)).toEqual([1, 2, 'ellipsis-end', 5]);
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
    // A gap of exactly one page shows the page, not an ellipsis.
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(pageItems(99, 7)).toEqual([1, 'ellipsis-start', 6, 7]);
  });

  it('reads page numbers defensively', () => {
    expect([null, '', '0', '-2', '2.5', 'x', '3'].map(parsePage)).toEqual([1, 1, 1, 1, 1, 1, 3]);
  });
});

describe('search URL state', () => {
  it('round-trips every filter, sort and page through the query string', () => {
    const params = new URLSearchParams(`keywords=pale ale&pub_category=beer,wine&pub_type=ale&pub_style=ipa&pub_services=canning&pub_state=VIC&pub_brand=${BRAND}&price=10,50.5&sort=-price&page=3`);
    const state = parseSearch(params);
    expect(state).toEqual({
      keywords: 'pale ale', brands: [BRAND], categories: ['beer', 'wine'], types: ['ale'], styles: ['ipa'], services: ['canning'],
      deliverTo: 'VIC', priceMin: '10', priceMax: '50.50', sort: '-price', page: 3,
    });
    expect(parseSearch(searchParamsOf(state))).toEqual(state);
    expect(searchParamsOf(state).toString()).toBe(
      `keywords=pale+ale&pub_brand=${BRAND}&pub_category=beer%2Cwine&pub_type=ale&pub_style=ipa&pub_services=canning&pub_state=VIC&price=10%2C50.50&sort=-price&page=3`,
    );
  });

  it('drops values the API would refuse and leaves defaults out', () => {
    const state = parseSearch(new URLSearchParams('pub_category=beer,nope&pub_type=gin&pub_brand=x&price=50,10&sort=cheap&page=0&pub_state=XX&mobilemenu=open'));
    expect(state).toEqual({ ...EMPTY_SEARCH, categories: ['beer'] });
    expect(searchParamsOf(EMPTY_SEARCH).toString()).toBe('');
    expect(parseSearch(new URLSearchParams('price=,20')).priceMax).toBe('20');
  });

  it('restarts at page 1 on a filter change and keeps only types the categories still offer', () => {
    const state = { ...EMPTY_SEARCH, categories: ['beer' as const, 'spirit' as const], types: ['ale', 'gin'], page: 4 };
    expect(withFilters(state, { categories: ['spirit'] })).toMatchObject({ categories: ['spirit'], types: ['gin'], page: 1 });
    expect(activeFilterCount({ ...state, priceMin: '5' })).toBe(5);
    expect(activeFilterCount({ ...state, priceMin: '5', deliverTo: 'WA' })).toBe(6);
  });

  it('words the spec message keys of profile settings and avatars', () => {
    expect(Object.keys(MESSAGE_KEYS).sort()).toEqual([
      'Avatar.bannedUserDisplayName', 'Avatar.deletedUserDisplayName', 'ProfilePageNew.deletedProduct', 'ProfilePageNew.duplicatedProduct', 'ProfilePageNew.haveError',
    ]);
    expect(MESSAGE_KEYS['Avatar.bannedUserDisplayName']).toBe('Banned user');
    expect(MESSAGE_KEYS['Avatar.deletedUserDisplayName']).toBe('Deleted user');
  });

  it('labels the five sorts of the spec, relevance first', () => {
    expect(SORT_OPTIONS[0]).toBe('relevance');
    expect(SORT_LABELS).toEqual({ relevance: 'Relevance', createdAt: 'Newest', '-createdAt': 'Oldest', '-price': 'Lowest price', price: 'Highest price' });
  });
});

const listing = {
  id: '11111111-2222-3333-4444-555555555555', slug: 'hazy-daze', title: 'Hazy Daze', state: 'published' as const,
};

describe('listing paths', () => {
  it('links the public page, the owner previews and the editor', () => {
    expect(listingPath(listing)).toBe(`/l/hazy-daze/${listing.id}`);
    expect(listingPath({ ...listing, state: 'draft' })).toBe(`/l/hazy-daze/${listing.id}/draft`);
    expect(listingPath({ ...listing, state: 'pendingApproval' })).toBe(`/l/hazy-daze/${listing.id}/pending-approval`);
    expect(listingPath({ ...listing, slug: '', title: 'Crème Brûlée Stout' })).toBe(`/l/creme-brulee-stout/${listing.id}`);
    expect(editListingPath(listing, 'pricing')).toBe(`/l/hazy-daze/${listing.id}/edit/pricing`);
    expect(editListingPath({ ...listing, state: 'draft' }, 'photos')).toBe(`/l/hazy-daze/${listing.id}/draft/photos`);
    expect(newListingPath()).toBe('/l/draft/00000000-0000-0000-0000-000000000000/new/details');
  });
});

describe('money and packages', () => {
  it('adds 10% GST to ex-GST cents', () => {
    expect(withGst(6550)).toEqual({ exGst: 6550, gst: 655, incGst: 7205 });
    expect(withGst(1)).toEqual({ exGst: 1, gst: 0, incGst: 1 });
    expect(withGst(15)).toEqual({ exGst: 15, gst: 2, incGst: 17 });
  });

  it('words packages', () => {
    expect(packageLabel({ packageType: 'keg', size: 50, unit: 'L', quantity: 1 })).toBe('50 L keg');
    expect(packageLabel({ packageType: 'can', size: 375, unit: 'ml', quantity: 24 })).toBe('24 × 375 ml cans');
    expect(packageLabel({ packageType: 'bottle', size: 1500, unit: 'ml', quantity: 1 })).toBe('1,500 ml bottle');
    expect(packageLabel({ packageType: 'services', size: 0, unit: '', quantity: 1 })).toBe('Service');
  });
});

describe('editor rows and features', () => {
  it('turns a typed package row into cents and flags what the shared rules refuse', () => {
    const row = { key: 0, packageType: 'can', size: '375', quantity: '24', price: '65.5', sku: ' CAN-1 ' };
    expect(packageOf(row)).toEqual({ packageType: 'can', size: 375, unit: 'ml', quantity: 24, priceCents: 6550, sku: 'CAN-1' });
    expect(rowOf(packageOf(row), 3)).toEqual({ ...row, key: 3, price: '65.50', sku: 'CAN-1' });
    const bad = packageOf({ key: 1, packageType: 'keg', size: '25', quantity: '0', price: '0', sku: '' });
    expect(validatePricePackage('product', bad, 0)).toEqual({
      'pricePackages.0.size': CATALOG_MSG.packageSizeInvalid,
      'pricePackages.0.quantity': CATALOG_MSG.quantityInvalid,
      'pricePackages.0.priceCents': CATALOG_MSG.priceAboveZero,
    });
    expect(validatePricePackage('product', packageOf({ key: 2, packageType: '', size: '', quantity: '1', price: 'abc', sku: '' }), 1)).toEqual({
      'pricePackages.1.packageType': CATALOG_MSG.required,
      'pricePackages.1.priceCents': CATALOG_MSG.priceAboveZero,
    });
    expect(packageOf({ key: 3, packageType: 'services', size: '', quantity: '1', price: '150', sku: '' })).toMatchObject({ size: 0, unit: '' });
    // Over the limits (QA #9): the limit's own keys, not "above $0" or "at least 1".
    expect(validatePricePackage('product', packageOf({ key: 4, packageType: 'keg', size: '50', quantity: '1000000', price: '99999999999', sku: '' }), 0)).toEqual({
      'pricePackages.0.quantity': CATALOG_MSG.packageQuantityTooHigh,
      'pricePackages.0.priceCents': CATALOG_MSG.priceTooHigh,
    });
  });

  it('parses features: empty is unset, vegan is yes/no, numbers stay numbers (bad ones are flagged)', () => {
    expect(attributesFromInputs(['alcoholicPercent', 'colour', 'vegan', 'juniper'], { alcoholicPercent: '4.8', colour: ' Gold ', vegan: 'no', juniper: '' })).toEqual({
      alcoholicPercent: 4.8, colour: 'Gold', vegan: false,
    });
    expect(Number.isNaN(attributesFromInputs(['citrus'], { citrus: 'lots' }).citrus)).toBe(true);
  });

  it('refuses oversized and non-image files before uploading', () => {
    expect(fileProblem({ size: IMAGE_MAX_BYTES + 1, type: 'image/png' })).toMatch(/20 MB/);
    expect(fileProblem({ size: 10, type: 'text/html' })).toMatch(/JPG, GIF or PNG/);
    expect(fileProblem({ size: IMAGE_MAX_BYTES, type: 'image/gif' })).toBeNull();
    // No declared type: the server decides by content.
    expect(fileProblem({ size: 10, type: '' })).toBeNull();
  });

  it('keeps brand collections unique and at most 4', () => {
    expect(uniqueCollections(['Core range', 'core  Range', 'Seasonal', '', 'Limited', 'Barrel', 'Fifth'])).toEqual(['Core range', 'Seasonal', 'Limited', 'Barrel']);
  });
});

describe('wizard steps', () => {
  it('has the spec steps per listing type', () => {
    expect(stepsFor('product')).toEqual(['details', 'features', 'pricing', 'disclaimer', 'location', 'delivery', 'availability', 'photos']);
    expect(stepsFor('service')).toEqual(['details', 'pricing', 'disclaimer', 'location', 'availability', 'photos']);
    expect(nextStep('product', 'details')).toBe('features');
    expect(nextStep('service', 'details')).toBe('pricing');
    expect(nextStep('product', 'photos')).toBeNull();
  });

  it('puts every validation message on its step', () => {
    expect(['title', 'attributes.hops', 'pricePackages.2.sku', 'stock', 'rules', 'location.postcode', 'delivery', 'visibleStates', 'availability.0', 'imageIds'].map((f) => stepForField(f))).toEqual([
      'details', 'features', 'pricing', 'pricing', 'disclaimer', 'location', 'delivery', 'delivery', 'availability', 'photos',
    ]);
    expect(errorsForStep({ title: 'a', 'location.state': 'b', imageIds: 'c' }, 'location')).toEqual({ 'location.state': 'b' });
    // Services have no Delivery step: the states they are sold in belong to Location.
    expect(stepForField('visibleStates', 'service')).toBe('location');
    expect(stepsFor('service')).not.toContain('delivery');
    expect(errorsForStep({ visibleStates: 'x', 'location.state': 'b' }, 'location', 'service')).toEqual({ visibleStates: 'x', 'location.state': 'b' });
  });

  it('checks each step with the shared publish rules and lists what is missing', () => {
    const empty = fieldsOf(null);
    expect(validateStep('details', empty)).toEqual({
      title: CATALOG_MSG.required, description: CATALOG_MSG.required, category: CATALOG_MSG.required, productType: CATALOG_MSG.required,
    });
    expect(validateStep('details', { ...empty, title: 'Hazy', description: 'Juicy', category: 'beer', productType: 'ale' })).toEqual({ style: CATALOG_MSG.required });
    expect(validateStep('features', { ...empty, category: 'beer', attributes: { colour: 'Gold' } })).toEqual({
      'attributes.malts': CATALOG_MSG.attributesIncomplete, 'attributes.hops': CATALOG_MSG.attributesIncomplete, 'attributes.vegan': CATALOG_MSG.attributesIncomplete,
    });
    expect(validateStep('features', { ...empty, category: 'spirit', attributes: { juniper: 11, citrus: 1, floral: 1, fruit: 1, herbal: 1, spice: 1 } })).toEqual({
      'attributes.juniper': CATALOG_MSG.attributeAboveTen,
    });
    expect(validateStep('delivery', empty)).toEqual({ delivery: CATALOG_MSG.deliveryRequired });
    expect(validateStep('location', empty)).toEqual({ location: CATALOG_MSG.locationRequired });
    expect(incompleteSteps(empty)).toEqual(['details', 'pricing', 'location', 'delivery', 'photos']);
    expect(incompleteSteps(fieldsOf(null, 'service'))).toEqual(['details', 'pricing', 'photos']);
  });
});
