/** A listing's editable fields, their bounds and whole-listing validation for drafts and publishing (spec §5). Pure. */
import { AU_STATES, TEXTAREA_MAX, isPostcode, postcodeMatchesState, type AuState } from '@caskade/kit/rules';
import { CATALOG_MSG } from './messages';
import { LISTING_TYPES, PRODUCT_TYPES, STYLES, isCategory, isServiceCategory, stylesFor } from './taxonomy';
import { ATTRIBUTE_KEYS, filled, validateAttributes } from './attributes';
import type { ListingFieldsInput } from './inputs';
import { MAX_PRICE_PACKAGES, validatePricePackage } from './packages';

export type { AvailabilityEntry, ListingFieldsInput, ListingLocation } from './inputs';

export const TITLE_MAX = 120;
export const COLLECTION_MAX = 60;
export const MAX_LISTING_IMAGES = 20;
export const MAX_STOCK = 10_000_000;

/** A stock total's problem: not a whole number of 0 or more, or above MAX_STOCK; null when it is a valid total. */
export function stockProblem(total: number): string | null {
  if (!Number.isInteger(total) || total < 0) return CATALOG_MSG.stockInvalid;
  return total > MAX_STOCK ? CATALOG_MSG.stockTooHigh : null;
}
export const MAX_COLLECTIONS = 4;
export const DAYS_OF_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;


export const EMPTY_LISTING_FIELDS: ListingFieldsInput = {
  listingType: 'product', title: '', description: '', category: '', productType: '', style: '', attributes: {},
  pricePackages: [], location: null, pickupEnabled: false, shippingEnabled: false, visibleStates: [], collection: '', rules: '',
  availability: [], imageIds: [],
};

/** An availability time of day, `HH:MM` on the 24-hour clock. */
export const AVAILABILITY_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Listing validation (spec §5). `draft`: every value present must be well formed, but a draft
 * may be incomplete. `publish`: additionally everything a buyer needs is there — title,
 * category, type, style (beer, wine), description, a photo, at least one price package and, for
 * products, a location and a delivery method. First failure per field wins.
 */
export function validateListing(f: ListingFieldsInput, mode: 'draft' | 'publish'): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (key: string, msg: string) => {
    errors[key] ??= msg;
  };
  const service = f.listingType === 'service';
  if (!(LISTING_TYPES as readonly string[]).includes(f.listingType)) add('listingType', CATALOG_MSG.invalid);
  if (f.title.length > TITLE_MAX) add('title', CATALOG_MSG.tooLong);
  if (f.description.length > TEXTAREA_MAX) add('description', CATALOG_MSG.tooLong);
  if (f.rules.length > TEXTAREA_MAX) add('rules', CATALOG_MSG.tooLong);
  if (f.collection.length > COLLECTION_MAX) add('collection', CATALOG_MSG.tooLong);

  if (f.category) {
    if (service ? !isServiceCategory(f.category) : !isCategory(f.category)) add('category', service ? CATALOG_MSG.serviceInvalid : CATALOG_MSG.categoryInvalid);
  }
  const category = !service && isCategory(f.category) ? f.category : null;
  if (service) {
    if (f.productType) add('productType', CATALOG_MSG.typeInvalid);
    if (f.style) add('style', CATALOG_MSG.styleInvalid);
  } else {
    if (f.productType && category && !(PRODUCT_TYPES[category] ?? []).includes(f.productType)) add('productType', CATALOG_MSG.typeInvalid);
    if (f.style && category && !(STYLES[category] ?? []).includes(f.style)) add('style', CATALOG_MSG.styleInvalid);
    if (f.style && category && f.productType && !stylesFor(category, f.productType).includes(f.style)) add('style', CATALOG_MSG.styleNotForType);
  }
  if (service && ATTRIBUTE_KEYS.some((k) => filled(f.attributes[k]))) add('attributes', CATALOG_MSG.attributeNotForCategory);
  else Object.entries(validateAttributes(f.category, f.attributes)).forEach(([k, v]) => add(k, v));

  if (f.pricePackages.length > MAX_PRICE_PACKAGES) add('pricePackages', CATALOG_MSG.tooLong);
  f.pricePackages.forEach((row, i) => Object.entries(validatePricePackage(f.listingType, row, i)).forEach(([k, v]) => add(k, v)));

  if (f.location) {
    if (f.location.address.length > 300) add('location.address', CATALOG_MSG.tooLong);
    if (f.location.state && !(AU_STATES as readonly string[]).includes(f.location.state)) add('location.state', CATALOG_MSG.invalid);
    if (f.location.postcode && !isPostcode(f.location.postcode)) add('location.postcode', CATALOG_MSG.invalid);
    else if (f.location.postcode && (AU_STATES as readonly string[]).includes(f.location.state) && !postcodeMatchesState(f.location.postcode, f.location.state as AuState)) {
      add('location.postcode', CATALOG_MSG.postcodeNotInState);
    }
    if (!(Math.abs(f.location.lat) <= 90 && Math.abs(f.location.lng) <= 180)) add('location', CATALOG_MSG.invalid);
  }
  if (new Set(f.visibleStates).size !== f.visibleStates.length || f.visibleStates.some((s) => !(AU_STATES as readonly string[]).includes(s))) {
    add('visibleStates', CATALOG_MSG.invalid);
  }
  f.availability.forEach((a, i) => {
    const ok = (DAYS_OF_WEEK as readonly string[]).includes(a.dayOfWeek) && AVAILABILITY_TIME.test(a.start) && AVAILABILITY_TIME.test(a.end) && a.start < a.end
      && Number.isInteger(a.seats) && a.seats >= 0 && a.seats <= 10_000;
    if (!ok) add(`availability.${i}`, CATALOG_MSG.invalid);
  });
  if (f.imageIds.length > MAX_LISTING_IMAGES) add('imageIds', CATALOG_MSG.tooLong);
  if (new Set(f.imageIds).size !== f.imageIds.length) add('imageIds', CATALOG_MSG.invalid);

  if (mode === 'publish') {
    if (!f.title.trim()) add('title', CATALOG_MSG.required);
    if (!f.description.trim()) add('description', CATALOG_MSG.required);
    if (!f.category) add('category', CATALOG_MSG.required);
    if (!service) {
      if (!f.productType) add('productType', CATALOG_MSG.required);
      if (category && STYLES[category] && !f.style) add('style', CATALOG_MSG.required);
      if (!f.location || !f.location.address.trim()) add('location', CATALOG_MSG.locationRequired);
      if (!f.pickupEnabled && !f.shippingEnabled) add('delivery', CATALOG_MSG.deliveryRequired);
    }
    if (f.pricePackages.length === 0) add('pricePackages', CATALOG_MSG.pricePackagesRequired);
    if (f.imageIds.length === 0) add('imageIds', CATALOG_MSG.imagesRequired);
  }
  return errors;
}

/** Collections on a brand page: at most 4, names unique (case and spacing ignored). */
export function validateCollections(names: readonly string[]): string | null {
  if (names.length > MAX_COLLECTIONS) return CATALOG_MSG.collectionsTooMany;
  const keys = names.map((n) => n.trim().replace(/\s+/g, ' ').toLowerCase());
  if (keys.some((k) => k.length === 0)) return CATALOG_MSG.required;
  if (names.some((n) => n.length > COLLECTION_MAX)) return CATALOG_MSG.tooLong;
  return new Set(keys).size === keys.length ? null : CATALOG_MSG.collectionsNotUnique;
}
