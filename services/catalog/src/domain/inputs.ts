import { z } from 'zod';
import { AU_STATES, TEXTAREA_MAX } from '@caskade/kit/rules';
import { CATALOG_MSG } from './messages';
import { LISTING_TYPES } from './taxonomy';
import { ABV_RANGE, SPIRIT_ATTRIBUTE_MAX } from './attributes';
import { MAX_PACKAGE_QUANTITY, MAX_PRICE_CENTS, MAX_PRICE_PACKAGES, PACKAGE_TYPES, PACKAGE_UNITS } from './packages';
import { AVAILABILITY_TIME, COLLECTION_MAX, DAYS_OF_WEEK, MAX_LISTING_IMAGES, TITLE_MAX } from './listing-fields';

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
      .max(MAX_PACKAGE_QUANTITY, { error: CATALOG_MSG.packageQuantityTooHigh }),
    priceCents: z.number().int({ error: CATALOG_MSG.priceAboveZero }).positive({ error: CATALOG_MSG.priceAboveZero }).max(MAX_PRICE_CENTS, { error: CATALOG_MSG.priceTooHigh }),
    sku: z.string().trim().max(64).default(''),
  })
  .strict()
  .transform((p) => ({ ...p, unit: p.unit ?? PACKAGE_UNITS[p.packageType] }));

const attributeText = z.string().trim().max(200, { error: CATALOG_MSG.tooLong });
const spiritValue = z.number().int().min(0).max(SPIRIT_ATTRIBUTE_MAX, { error: CATALOG_MSG.attributeAboveTen });
export const attributesInput = z
  .object({
    alcoholicPercent: z.number({ error: CATALOG_MSG.abvOutOfRange }).min(ABV_RANGE.min, { error: CATALOG_MSG.abvOutOfRange }).max(ABV_RANGE.max, { error: CATALOG_MSG.abvOutOfRange }), colour: attributeText, malts: attributeText, hops: attributeText, vegan: z.boolean(),
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
  .object({ dayOfWeek: z.enum(DAYS_OF_WEEK), seats: z.number().int().min(0).max(10_000), start: z.string().regex(AVAILABILITY_TIME), end: z.string().regex(AVAILABILITY_TIME) })
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

/**
 * The stored shape of a listing's fields, declared once — by the zod inputs above — and widened:
 * what is stored or loaded is any string a column holds (validateListing judges it), not only the
 * values the API's enums accept.
 */
type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean
  : T extends readonly (infer U)[] ? Widen<U>[] : T extends object ? { [K in keyof T]: Widen<T[K]> } : T;

export type ListingAttributes = Widen<z.output<typeof attributesInput>>;
export type PricePackage = Widen<z.output<typeof pricePackageInput>>;
export type ListingLocation = Widen<z.output<typeof locationInput>>;
export type AvailabilityEntry = Widen<z.output<typeof availabilityEntryInput>>;
/** Every field of a listing as stored (the API's input with nothing left out). */
export type ListingFieldsInput = Widen<Required<z.output<typeof listingFieldsInput>>>;
