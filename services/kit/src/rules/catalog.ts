/**
 * Catalog constants and listing rules (product-spec §3–5, calls-errors-constants §9), as pure
 * data and functions shared by the catalog service, the gateway and the web app. No Node APIs.
 */
import { z } from 'zod';
import { CATEGORIES, TEXTAREA_MAX, type Category } from './constants';

/** Message keys of listing validation; the web app maps each to en-AU wording. */
export const CATALOG_MSG = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  invalid: 'validation.invalidValue',
  categoryInvalid: 'validation.categoryInvalid',
  typeInvalid: 'validation.productTypeInvalid',
  styleInvalid: 'validation.styleInvalid',
  serviceInvalid: 'validation.serviceCategoryInvalid',
  pricePackagesRequired: 'validation.pricePackagesRequired',
  priceAboveZero: 'validation.priceAboveZero',
  packageTypeInvalid: 'validation.packageTypeInvalid',
  packageSizeInvalid: 'validation.packageSizeInvalid',
  quantityInvalid: 'validation.quantityInvalid',
  attributesIncomplete: 'validation.attributesIncomplete',
  attributeNotForCategory: 'validation.attributeNotForCategory',
  attributeAboveTen: 'validation.attributeAboveTen',
  imagesRequired: 'validation.imagesRequired',
  locationRequired: 'validation.locationRequired',
  deliveryRequired: 'validation.deliveryRequired',
  stockInvalid: 'validation.stockInvalid',
  collectionsTooMany: 'validation.collectionsTooMany',
  collectionsNotUnique: 'validation.collectionsNotUnique',
} as const;

// ---- listing kinds, states, categories ------------------------------------------------------

export const LISTING_TYPES = ['product', 'service'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const LISTING_STATES = ['draft', 'pendingApproval', 'published', 'closed'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** The 13 supplier service categories (calls-errors-constants §9), keyed as the spec keys them. */
export const SERVICE_CATEGORIES = [
  'canning', 'kegs', 'gas', 'design_building', 'glassware', 'hops_malts_yeast', 'ice', 'wine_protection', 'logistics',
  'packaging', 'merch', 'cork', 'contract_brewing',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];
export const SERVICE_CATEGORY_LABELS: Record<ServiceCategory, string> = {
  canning: 'Mobile Canning Services',
  kegs: 'Keg Supply & Return Services',
  gas: 'Gas Supply & Return Services',
  design_building: 'Design & Building Services',
  glassware: 'Glassware',
  hops_malts_yeast: 'Hops / Malts / Yeast Suppliers',
  ice: 'Ice Suppliers',
  wine_protection: 'Wine Protection',
  logistics: 'Logistics',
  packaging: 'Packaging',
  merch: 'Merch',
  cork: 'Cork Suppliers',
  contract_brewing: 'Contract Brewing',
};

/** Type options of each product category. */
export const PRODUCT_TYPES: Record<Category, readonly string[]> = {
  beer: ['ale', 'lager', 'hybrid', 'sour-wild', 'specialty'],
  cider: ['apple', 'pear', 'fruit', 'scrumpy'],
  'low-alcohol': ['beer', 'wine', 'spirit', 'rtd'],
  mixer: ['tonic', 'soda', 'ginger-beer', 'juice', 'syrup', 'bitters'],
  rtd: ['spirit-based', 'wine-based', 'seltzer', 'cocktail'],
  spirit: ['gin', 'whisky', 'rum', 'vodka', 'brandy', 'agave', 'liqueur', 'amaro'],
  wellness: ['kombucha', 'kefir', 'functional', 'tea'],
  wine: ['red', 'white', 'rose', 'sparkling', 'orange', 'fortified', 'dessert'],
  'zero-alcohol': ['beer', 'wine', 'spirit', 'cocktail'],
};

/** Style options; only beer and wine have them. */
export const STYLES: Partial<Record<Category, readonly string[]>> = {
  beer: [
    'pale-ale', 'ipa', 'hazy-ipa', 'xpa', 'pilsner', 'lager', 'amber', 'brown-ale', 'porter', 'stout', 'sour', 'gose', 'saison',
    'wheat', 'red-ale', 'dark-lager',
  ],
  wine: ['light-bodied', 'medium-bodied', 'full-bodied', 'crisp', 'aromatic', 'dry', 'off-dry', 'sweet', 'natural', 'pet-nat'],
};

/** Human label for an option key: `hazy-ipa` → `Hazy ipa`, with the usual acronyms kept. */
export function optionLabel(key: string): string {
  const upper = new Set(['ipa', 'xpa', 'rtd']);
  const words = key.split(/[-_]/).map((w) => (upper.has(w) ? w.toUpperCase() : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const isCategory = (v: string): v is Category => (CATEGORIES as readonly string[]).includes(v);
export const isServiceCategory = (v: string): v is ServiceCategory => (SERVICE_CATEGORIES as readonly string[]).includes(v);

export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuState = (typeof AU_STATES)[number];

// ---- attributes ------------------------------------------------------------------------------

export interface ListingAttributes {
  alcoholicPercent?: number;
  colour?: string;
  malts?: string;
  hops?: string;
  vegan?: boolean;
  variety?: string;
  region?: string;
  soilType?: string;
  vintage?: string;
  traditionalOwners?: string;
  juniper?: number;
  citrus?: number;
  floral?: number;
  fruit?: number;
  herbal?: number;
  spice?: number;
}
export type AttributeKey = keyof ListingAttributes;

/** Attributes of each category besides alcoholicPercent (which any product may carry). */
export const CATEGORY_ATTRIBUTES: Partial<Record<Category, readonly AttributeKey[]>> = {
  beer: ['colour', 'malts', 'hops', 'vegan'],
  wine: ['variety', 'region', 'soilType', 'vintage', 'traditionalOwners'],
  spirit: ['juniper', 'citrus', 'floral', 'fruit', 'herbal', 'spice'],
};
export const SPIRIT_ATTRIBUTE_MAX = 10;
export const ATTRIBUTE_KEYS: readonly AttributeKey[] = [
  'alcoholicPercent', 'colour', 'malts', 'hops', 'vegan', 'variety', 'region', 'soilType', 'vintage', 'traditionalOwners',
  'juniper', 'citrus', 'floral', 'fruit', 'herbal', 'spice',
];

const filled = (v: unknown): boolean => (typeof v === 'string' ? v.trim().length > 0 : v !== undefined && v !== null);

/**
 * Spec §5: an empty attribute object is fine; otherwise every attribute of the category except
 * alcoholicPercent must be filled, and no spirit value may be above 10. Returns field errors.
 */
export function validateAttributes(category: string, attrs: ListingAttributes): Record<string, string> {
  const errors: Record<string, string> = {};
  const own = isCategory(category) ? (CATEGORY_ATTRIBUTES[category] ?? []) : [];
  const present = ATTRIBUTE_KEYS.filter((k) => filled(attrs[k]));
  for (const key of present) {
    if (key !== 'alcoholicPercent' && !own.includes(key)) errors[`attributes.${key}`] = CATALOG_MSG.attributeNotForCategory;
  }
  if (present.some((k) => k !== 'alcoholicPercent')) {
    for (const key of own) if (!filled(attrs[key])) errors[`attributes.${key}`] ??= CATALOG_MSG.attributesIncomplete;
  }
  if (category === 'spirit') {
    for (const key of own) {
      const v = attrs[key];
      if (typeof v === 'number' && (v > SPIRIT_ATTRIBUTE_MAX || v < 0 || !Number.isInteger(v))) errors[`attributes.${key}`] = CATALOG_MSG.attributeAboveTen;
    }
  }
  const abv = attrs.alcoholicPercent;
  if (abv !== undefined && (!Number.isFinite(abv) || abv < 0 || abv > 100)) errors['attributes.alcoholicPercent'] = CATALOG_MSG.invalid;
  if (attrs.vintage !== undefined && filled(attrs.vintage) && !/^(\d{4}|NV)$/.test(attrs.vintage.trim())) errors['attributes.vintage'] = CATALOG_MSG.invalid;
  return errors;
}

// ---- price packages --------------------------------------------------------------------------

export const PACKAGE_TYPES = ['keg', 'bottle', 'can', 'services'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const KEG_SIZES_L = [20, 30, 50] as const;
export const BOTTLE_ML = { min: 100, max: 1500 } as const;
export const CAN_ML = { min: 200, max: 500 } as const;
export const PACKAGE_UNITS: Record<PackageType, string> = { keg: 'L', bottle: 'ml', can: 'ml', services: '' };
export const MAX_PRICE_PACKAGES = 20;
/** A million dollars: no wholesale package costs more; keeps every total a safe integer. */
export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_PACKAGE_QUANTITY = 100_000;
/**
 * The largest value an int32 proto field carries. Every integer the gateway accepts is bounded at
 * or below it: a larger one would make the gRPC encoder throw (an INTERNAL error, a 500).
 */
export const MAX_INT32 = 2_147_483_647;

export interface PricePackage {
  packageType: string;
  size: number;
  unit: string;
  quantity: number;
  priceCents: number;
  sku: string;
}

/** Is `size` allowed for the package type (kegs 20/30/50 L, bottles 100–1500 ml, cans 200–500 ml, services none)? */
export function isValidPackageSize(packageType: string, size: number): boolean {
  if (!Number.isInteger(size)) return false;
  switch (packageType) {
    case 'keg':
      return (KEG_SIZES_L as readonly number[]).includes(size);
    case 'bottle':
      return size >= BOTTLE_ML.min && size <= BOTTLE_ML.max;
    case 'can':
      return size >= CAN_ML.min && size <= CAN_ML.max;
    case 'services':
      return size === 0;
    default:
      return false;
  }
}

export const isValidPriceCents = (cents: number): boolean => Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_PRICE_CENTS;

/** One row's errors, keyed `pricePackages.<i>.<field>`. */
export function validatePricePackage(listingType: string, row: PricePackage, i: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const at = (f: string) => `pricePackages.${i}.${f}`;
  const allowed = listingType === 'service' ? ['services'] : ['keg', 'bottle', 'can'];
  if (!allowed.includes(row.packageType)) errors[at('packageType')] = row.packageType ? CATALOG_MSG.packageTypeInvalid : CATALOG_MSG.required;
  else {
    if (!isValidPackageSize(row.packageType, row.size)) errors[at('size')] = CATALOG_MSG.packageSizeInvalid;
    if (row.unit !== PACKAGE_UNITS[row.packageType as PackageType]) errors[at('unit')] = CATALOG_MSG.invalid;
  }
  if (!Number.isInteger(row.quantity) || row.quantity < 1 || row.quantity > MAX_PACKAGE_QUANTITY) errors[at('quantity')] = CATALOG_MSG.quantityInvalid;
  if (!isValidPriceCents(row.priceCents)) errors[at('priceCents')] = CATALOG_MSG.priceAboveZero;
  if (row.sku.length > 64) errors[at('sku')] = CATALOG_MSG.tooLong;
  return errors;
}

/** The listing's price: its lowest package price (0 with no packages). */
export function lowestPriceCents(packages: readonly Pick<PricePackage, 'priceCents'>[]): number {
  return packages.length === 0 ? 0 : Math.min(...packages.map((p) => p.priceCents));
}

// ---- whole listing ---------------------------------------------------------------------------

export const TITLE_MAX = 120;
export const COLLECTION_MAX = 60;
export const MAX_LISTING_IMAGES = 20;
export const MAX_STOCK = 10_000_000;
export const MAX_COLLECTIONS = 4;
export const DAYS_OF_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export interface ListingLocation {
  address: string;
  state: string;
  postcode: string;
  lat: number;
  lng: number;
}

export interface AvailabilityEntry {
  dayOfWeek: string;
  seats: number;
  start: string;
  end: string;
}

export interface ListingFieldsInput {
  listingType: string;
  title: string;
  description: string;
  category: string;
  productType: string;
  style: string;
  attributes: ListingAttributes;
  pricePackages: PricePackage[];
  location: ListingLocation | null;
  pickupEnabled: boolean;
  shippingEnabled: boolean;
  visibleStates: string[];
  collection: string;
  rules: string;
  availability: AvailabilityEntry[];
  imageIds: string[];
}

export const EMPTY_LISTING_FIELDS: ListingFieldsInput = {
  listingType: 'product', title: '', description: '', category: '', productType: '', style: '', attributes: {},
  pricePackages: [], location: null, pickupEnabled: false, shippingEnabled: false, visibleStates: [], collection: '', rules: '',
  availability: [], imageIds: [],
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

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
  }
  if (service && ATTRIBUTE_KEYS.some((k) => filled(f.attributes[k]))) add('attributes', CATALOG_MSG.attributeNotForCategory);
  else Object.entries(validateAttributes(f.category, f.attributes)).forEach(([k, v]) => add(k, v));

  if (f.pricePackages.length > MAX_PRICE_PACKAGES) add('pricePackages', CATALOG_MSG.tooLong);
  f.pricePackages.forEach((row, i) => Object.entries(validatePricePackage(f.listingType, row, i)).forEach(([k, v]) => add(k, v)));

  if (f.location) {
    if (f.location.address.length > 300) add('location.address', CATALOG_MSG.tooLong);
    if (f.location.state && !(AU_STATES as readonly string[]).includes(f.location.state)) add('location.state', CATALOG_MSG.invalid);
    if (f.location.postcode && !/^\d{4}$/.test(f.location.postcode)) add('location.postcode', CATALOG_MSG.invalid);
    if (!(Math.abs(f.location.lat) <= 90 && Math.abs(f.location.lng) <= 180)) add('location', CATALOG_MSG.invalid);
  }
  if (new Set(f.visibleStates).size !== f.visibleStates.length || f.visibleStates.some((s) => !(AU_STATES as readonly string[]).includes(s))) {
    add('visibleStates', CATALOG_MSG.invalid);
  }
  f.availability.forEach((a, i) => {
    const ok = (DAYS_OF_WEEK as readonly string[]).includes(a.dayOfWeek) && TIME.test(a.start) && TIME.test(a.end) && a.start < a.end
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

// ---- slugs, stock, search --------------------------------------------------------------------

/** Spec §5: lowercased, accents folded, separators to hyphens, empty becomes `no-slug`. */
export function createSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length > 0 ? slug : 'no-slug';
}

export type StockLevel = 'inStock' | 'low' | 'runningOut' | 'outOfStock';
/**
 * The stock indicator (docs/decisions/013): 20 or more in stock (green), 0 out of stock (red),
 * 10 or fewer running out (red), 11–19 low (orange).
 */
export function stockLevel(quantity: number): StockLevel {
  if (quantity <= 0) return 'outOfStock';
  if (quantity <= 10) return 'runningOut';
  if (quantity < 20) return 'low';
  return 'inStock';
}
export const STOCK_LEVEL_COLOURS: Record<StockLevel, 'green' | 'orange' | 'red'> = {
  inStock: 'green', low: 'orange', runningOut: 'red', outOfStock: 'red',
};

export const SEARCH_PAGE_SIZE = 24;
export const MANAGE_LISTINGS_PAGE_SIZE = 42;
export const MAX_PAGE_SIZE = 100;
/** Search sorts: createdAt newest first, -createdAt oldest, -price lowest, price highest, relevance (default). */
export const SORT_OPTIONS = ['relevance', 'createdAt', '-createdAt', '-price', 'price'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Dollars (up to 2 decimals) to cents; null when not a non-negative amount. */
export function dollarsToCents(value: string): number | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value.trim())) return null;
  return Math.round(Number(value) * 100);
}

/**
 * `price=min,max` in dollars → inclusive cents bounds (either side may be empty). The spec's
 * "max+1 in minor units" is an exclusive bound of max·100+1, i.e. max·100 inclusive. A bound above
 * MAX_PRICE_CENTS (a million dollars, the dearest package allowed) is refused rather than searched.
 */
export function parsePriceRange(value: string): { minCents: number | null; maxCents: number | null } | null {
  const parts = value.split(',');
  if (parts.length !== 2) return null;
  const [rawMin = '', rawMax = ''] = parts.map((p) => p.trim());
  const minCents = rawMin === '' ? null : dollarsToCents(rawMin);
  const maxCents = rawMax === '' ? null : dollarsToCents(rawMax);
  if ((rawMin !== '' && minCents === null) || (rawMax !== '' && maxCents === null)) return null;
  if ((minCents ?? 0) > MAX_PRICE_CENTS || (maxCents ?? 0) > MAX_PRICE_CENTS) return null;
  if (minCents !== null && maxCents !== null && minCents > maxCents) return null;
  return { minCents, maxCents };
}

// ---- images ----------------------------------------------------------------------------------

export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Variants made for each upload: four widths plus the square listing cards. */
export const IMAGE_VARIANTS = [
  { name: 'scaled-400', width: 400, height: null },
  { name: 'scaled-800', width: 800, height: null },
  { name: 'scaled-1600', width: 1600, height: null },
  { name: 'scaled-2400', width: 2400, height: null },
  { name: 'listing-card', width: 400, height: 400 },
  { name: 'listing-card-2x', width: 800, height: 800 },
] as const;
export type ImageVariantName = (typeof IMAGE_VARIANTS)[number]['name'];
export const IMAGE_VARIANT_NAMES: readonly string[] = IMAGE_VARIANTS.map((v) => v.name);
export const imageUrl = (imageId: string, variant: string): string => `/images/${imageId}/${variant}`;

/** The zod shapes the gateway parses request bodies with (strict; the service re-validates). */
export const pricePackageInput = z
  .object({
    packageType: z.enum(PACKAGE_TYPES, { error: CATALOG_MSG.packageTypeInvalid }),
    size: z.number().int().min(0).max(100_000).default(0),
    unit: z.enum(['L', 'ml', '']).optional(),
    quantity: z
      .number()
      .int({ error: CATALOG_MSG.quantityInvalid })
      .min(1, { error: CATALOG_MSG.quantityInvalid })
      .max(MAX_PACKAGE_QUANTITY, { error: CATALOG_MSG.quantityInvalid }),
    priceCents: z.number().int({ error: CATALOG_MSG.priceAboveZero }).positive({ error: CATALOG_MSG.priceAboveZero }).max(MAX_PRICE_CENTS),
    sku: z.string().trim().max(64).default(''),
  })
  .strict()
  .transform((p) => ({ ...p, unit: p.unit ?? PACKAGE_UNITS[p.packageType] }));

const attributeText = z.string().trim().max(200, { error: CATALOG_MSG.tooLong });
const spiritValue = z.number().int().min(0).max(SPIRIT_ATTRIBUTE_MAX, { error: CATALOG_MSG.attributeAboveTen });
export const attributesInput = z
  .object({
    alcoholicPercent: z.number().min(0).max(100), colour: attributeText, malts: attributeText, hops: attributeText, vegan: z.boolean(),
    variety: attributeText, region: attributeText, soilType: attributeText, vintage: attributeText, traditionalOwners: attributeText,
    juniper: spiritValue, citrus: spiritValue, floral: spiritValue, fruit: spiritValue, herbal: spiritValue, spice: spiritValue,
  })
  .partial()
  .strict();

export const locationInput = z
  .object({
    address: z.string().trim().max(300),
    state: z.enum([...AU_STATES, '']).default(''),
    postcode: z.string().trim().regex(/^(\d{4})?$/, { error: CATALOG_MSG.invalid }).default(''),
    lat: z.number().min(-90).max(90).default(0),
    lng: z.number().min(-180).max(180).default(0),
  })
  .strict();

export const availabilityEntryInput = z
  .object({ dayOfWeek: z.enum(DAYS_OF_WEEK), seats: z.number().int().min(0).max(10_000), start: z.string().regex(TIME), end: z.string().regex(TIME) })
  .strict();

/** Every editable field, all optional: POST creates a draft from what is given, PUT changes what is given. */
export const listingFieldsInput = z
  .object({
    listingType: z.enum(LISTING_TYPES),
    title: z.string().trim().max(TITLE_MAX, { error: CATALOG_MSG.tooLong }),
    description: z.string().trim().max(TEXTAREA_MAX, { error: CATALOG_MSG.tooLong }),
    category: z.string().max(40),
    productType: z.string().max(40),
    style: z.string().max(40),
    attributes: attributesInput,
    pricePackages: z.array(pricePackageInput).max(MAX_PRICE_PACKAGES),
    location: locationInput.nullable(),
    pickupEnabled: z.boolean(),
    shippingEnabled: z.boolean(),
    visibleStates: z.array(z.enum(AU_STATES)).max(AU_STATES.length),
    collection: z.string().trim().max(COLLECTION_MAX),
    rules: z.string().trim().max(TEXTAREA_MAX, { error: CATALOG_MSG.tooLong }),
    availability: z.array(availabilityEntryInput).max(28),
    imageIds: z.array(z.uuid()).max(MAX_LISTING_IMAGES),
  })
  .partial()
  .strict();
export type ListingFieldsBody = z.infer<typeof listingFieldsInput>;
