/**
 * The catalog's HTTP contract: the request bodies the gateway parses and the JSON it answers, read
 * by the routes (and their OpenAPI document) and, as inferred types, by the web app. A listing's
 * editable fields are the catalog domain's (`listingFieldsInput`); only what the API adds around
 * them (ids, state, price, images, stock) is declared here.
 */
import { z } from 'zod';
import { CURRENCY, MAX_INT32, TEXTAREA_MAX } from '@caskade/kit/rules';
import {
  CATALOG_MSG, LISTING_STATES, MAX_STOCK, listingFieldsInput, locationInput, pricePackageInput, type ListingTransition, type StockLevel,
} from '@caskade/catalog/domain';
import { MAX_MINIMUM_ORDER_QUANTITY, PAYMENT_TERMS } from '@caskade/orders/domain';

/** Every member of a string union, spelled once as an exhaustive map so the compiler flags a missing one. */
const enumOf = <T extends string>(members: { [K in T]: K }) => z.enum(members);

const variantSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export const imageSchema = z.object({ id: z.uuid(), variants: z.record(z.string(), variantSchema) });
export const paginationSchema = z.object({ page: z.number().int(), perPage: z.number().int(), totalItems: z.number().int(), totalPages: z.number().int() });

const transitionSchema = enumOf<ListingTransition>({
  publish: 'publish', close: 'close', open: 'open', discard: 'discard', delete: 'delete', approve: 'approve', reject: 'reject',
});
const stockLevelSchema = enumOf<StockLevel>({ inStock: 'inStock', low: 'low', runningOut: 'runningOut', outOfStock: 'outOfStock' });

/**
 * A listing's fields as stored: the domain's input shape with every field present (defaults filled
 * in: a package's size, unit and SKU, a location's state and postcode), images answered in full
 * instead of by id.
 */
const { imageIds: _imageIds, ...storedFieldShape } = listingFieldsInput.required().shape;

export const listingSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  state: z.enum(LISTING_STATES),
  allowedTransitions: z.array(transitionSchema).describe('what the caller may do with this listing now'),
  ...storedFieldShape,
  pricePackages: z.array(pricePackageInput.in.required()),
  location: locationInput.required().nullable(),
  price: z.object({ amount: z.number().int().describe('lowest package price in cents'), currency: z.literal(CURRENCY) }).nullable(),
  images: z.array(imageSchema),
  author: z.object({ id: z.uuid(), brandName: z.string(), displayName: z.string() }),
  currentStock: z.object({ quantity: z.number().int() }),
  stockLevel: stockLevelSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  version: z.number().int(),
  rejectionReason: z.string(),
});
export const listingPageSchema = z.object({ listings: z.array(listingSchema), pagination: paginationSchema });

/**
 * `GET /api/listings?view=card`: a published listing as a search result or brand-page product shows
 * it (docs/decisions/071): no description, attributes, packages or delivery rules; the cover photo
 * only, in its listing-card variants; `packageCount` says whether the price is a "from" price.
 */
export const listingCardSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  state: z.literal('published'),
  listingType: listingSchema.shape.listingType,
  title: z.string(),
  category: z.string(),
  collection: z.string(),
  price: listingSchema.shape.price,
  packageCount: z.number().int(),
  images: z.array(imageSchema).max(1),
  author: z.object({ id: z.uuid(), brandName: z.string() }),
  currentStock: z.object({ quantity: z.number().int() }),
  stockLevel: stockLevelSchema,
});
export const listingCardPageSchema = z.object({ listings: z.array(listingCardSchema), pagination: paginationSchema });

export const brandSchema = z.object({
  id: z.uuid(), brandName: z.string(), displayName: z.string(), description: z.string(), deliveryNotes: z.string(), discountNotes: z.string(),
  collections: z.array(z.string()), logo: imageSchema.nullable(), headerImage: imageSchema.nullable(), profileImage: imageSchema.nullable(),
  publishedListings: z.number().int(),
});

/** The longest description a brand card carries (the landing page shows one line of it). */
export const BRAND_CARD_DESCRIPTION_MAX = 160;
/**
 * `GET /api/brands?view=card`: what the landing page's supplier cards and the search page's
 * supplier filter show. The image is the logo (else the profile image) in its `listing-card`
 * variant only; the description clipped to BRAND_CARD_DESCRIPTION_MAX characters.
 */
export const brandCardSchema = z.object({
  id: z.uuid(), brandName: z.string(), displayName: z.string(), description: z.string(), logo: imageSchema.nullable(), publishedListings: z.number().int(),
});
export const brandsQuery = z.object({ view: z.enum(['full', 'card']).default('full').describe('card: the fields a supplier card shows (far smaller)') }).strict();

/** `GET /api/users/:id`: a public profile, with the brand page for suppliers. */
export const publicUserSchema = z.object({
  id: z.uuid(), role: z.string(), displayName: z.string(), abbreviatedName: z.string(), companyName: z.string(), brandName: z.string(),
  bio: z.string(), banned: z.boolean(), deleted: z.boolean(), createdAt: z.string(), brand: brandSchema.nullable(),
});

// ---- requests ----------------------------------------------------------------------------------

const stockValue = z.number({ error: CATALOG_MSG.stockInvalid }).int({ error: CATALOG_MSG.stockInvalid }).min(0, { error: CATALOG_MSG.stockInvalid }).max(MAX_STOCK, { error: CATALOG_MSG.stockTooHigh });
/** Stock by compare-and-set: a stale `oldTotal` answers old-total-mismatch and changes nothing. */
export const stockChangeBody = z.object({ oldTotal: stockValue, newTotal: stockValue }).strict();

export const createListingBody = listingFieldsInput.extend({ stockQuantity: stockValue.default(0) });
/** The listing type is fixed at creation. */
export const updateListingBody = listingFieldsInput.omit({ listingType: true }).extend({
  expectedVersion: z.number().int().min(1).max(MAX_INT32).optional().describe('the version last read; 409 when the listing changed since'),
  stock: stockChangeBody.optional().describe('change the stock in the same save (compare-and-set: 409 old-total-mismatch saves nothing)'),
});

export const addListingImageBody = z.object({ imageId: z.uuid({ error: 'validation.invalidValue' }) }).strict();
export const rejectListingBody = z.object({ reason: z.string().trim().max(TEXTAREA_MAX).default('') }).strict();

const imageIdOrNone = z.union([z.uuid(), z.literal('')]);
export const ownBrandBody = z
  .object({
    description: z.string().max(TEXTAREA_MAX), deliveryNotes: z.string().max(TEXTAREA_MAX), discountNotes: z.string().max(TEXTAREA_MAX),
    collections: z.array(z.string().max(60)).max(10),
    logoImageId: imageIdOrNone, headerImageId: imageIdOrNone, profileImageId: imageIdOrNone,
    // Trade terms, kept by the cart service: the buyer's cart must reach the minimum; terms offered besides paying now.
    minimumOrderQuantity: z.number({ error: 'validation.invalidValue' }).int({ error: 'validation.invalidValue' }).min(1, { error: 'validation.invalidValue' }).max(MAX_MINIMUM_ORDER_QUANTITY, { error: 'validation.invalidValue' }),
    paymentTerms: z.array(z.enum(PAYMENT_TERMS, { error: 'validation.invalidValue' })).max(PAYMENT_TERMS.length).refine((t) => new Set(t).size === t.length, { error: 'validation.invalidValue' }),
  })
  .partial()
  .strict();

// ---- the types both sides use -------------------------------------------------------------------

export type ImageRef = z.output<typeof imageSchema>;
export type Pagination = z.output<typeof paginationSchema>;
export type Listing = z.output<typeof listingSchema>;
export type ListingPage = z.output<typeof listingPageSchema>;
export type ListingCard = z.output<typeof listingCardSchema>;
export type ListingCardPage = z.output<typeof listingCardPageSchema>;
export type Brand = z.output<typeof brandSchema>;
export type BrandCard = z.output<typeof brandCardSchema>;
export type PublicUser = z.output<typeof publicUserSchema>;
export type CreateListingBody = z.input<typeof createListingBody>;
export type UpdateListingBody = z.input<typeof updateListingBody>;
export type StockChangeBody = z.input<typeof stockChangeBody>;
export type OwnBrandBody = z.input<typeof ownBrandBody>;
