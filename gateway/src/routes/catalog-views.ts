/**
 * The catalog's API shapes: proto messages to the JSON the web app reads, with the zod schemas
 * the OpenAPI document shows. One place, so routes and SEO render listings the same way.
 */
import { z } from 'zod';
import { CURRENCY, type Caller } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { allowedTransitions, listingActor, stockLevel, type ListingAttributes } from '@caskade/catalog/domain';

const variantSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export const imageSchema = z.object({ id: z.uuid(), variants: z.record(z.string(), variantSchema) });
export const paginationSchema = z.object({ page: z.number().int(), perPage: z.number().int(), totalItems: z.number().int(), totalPages: z.number().int() });

const pricePackageSchema = z.object({
  packageType: z.string(), size: z.number().int(), unit: z.string(), quantity: z.number().int(), priceCents: z.number().int(), sku: z.string(),
});
export const listingSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  state: z.enum(['draft', 'pendingApproval', 'published', 'closed']),
  allowedTransitions: z.array(z.enum(['publish', 'close', 'open', 'discard', 'delete', 'approve', 'reject'])).describe('what the caller may do with this listing now'),
  listingType: z.enum(['product', 'service']),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  productType: z.string(),
  style: z.string(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  pricePackages: z.array(pricePackageSchema),
  price: z.object({ amount: z.number().int().describe('lowest package price in cents'), currency: z.literal(CURRENCY) }).nullable(),
  location: z.object({ address: z.string(), state: z.string(), postcode: z.string(), lat: z.number(), lng: z.number() }).nullable(),
  pickupEnabled: z.boolean(),
  shippingEnabled: z.boolean(),
  visibleStates: z.array(z.string()),
  collection: z.string(),
  rules: z.string(),
  availability: z.array(z.object({ dayOfWeek: z.string(), seats: z.number().int(), start: z.string(), end: z.string() })),
  images: z.array(imageSchema),
  author: z.object({ id: z.uuid(), brandName: z.string(), displayName: z.string() }),
  currentStock: z.object({ quantity: z.number().int() }),
  stockLevel: z.enum(['inStock', 'low', 'runningOut', 'outOfStock']),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  version: z.number().int(),
  rejectionReason: z.string(),
});
export type ListingView = z.infer<typeof listingSchema>;

export const brandSchema = z.object({
  id: z.uuid(), brandName: z.string(), displayName: z.string(), description: z.string(), deliveryNotes: z.string(), discountNotes: z.string(),
  collections: z.array(z.string()), logo: imageSchema.nullable(), headerImage: imageSchema.nullable(), profileImage: imageSchema.nullable(),
  publishedListings: z.number().int(),
});
export type BrandView = z.infer<typeof brandSchema>;

export function imageView(image: catalog.Image): z.infer<typeof imageSchema> {
  return { id: image.id, variants: Object.fromEntries(image.variants.map((v) => [v.name, { url: v.url, width: v.width, height: v.height }])) };
}

function attributesView(a: catalog.ListingAttributes | undefined): ListingAttributes {
  return Object.fromEntries(Object.entries(a ?? {}).filter(([, v]) => v !== undefined)) as ListingAttributes;
}

/** A listing as the API answers it, with the transitions the caller may run on it (the catalog domain's table). */
export function listingView(l: catalog.Listing, caller: Caller | null): ListingView {
  const f = l.fields;
  const state = l.state as ListingView['state'];
  return {
    id: l.id,
    slug: l.slug,
    state,
    allowedTransitions: allowedTransitions(state, listingActor(l.author?.id ?? '', caller)),
    listingType: f?.listingType === 'service' ? 'service' : 'product',
    title: f?.title ?? '',
    description: f?.description ?? '',
    category: f?.category ?? '',
    productType: f?.productType ?? '',
    style: f?.style ?? '',
    attributes: attributesView(f?.attributes) as ListingView['attributes'],
    pricePackages: f?.pricePackages ?? [],
    price: l.priceCents > 0 ? { amount: l.priceCents, currency: CURRENCY } : null,
    location: f?.location ?? null,
    pickupEnabled: f?.pickupEnabled ?? false,
    shippingEnabled: f?.shippingEnabled ?? false,
    visibleStates: f?.visibleStates ?? [],
    collection: f?.collection ?? '',
    rules: f?.rules ?? '',
    availability: f?.availability ?? [],
    images: l.images.map(imageView),
    author: { id: l.author?.id ?? '', brandName: l.author?.brandName ?? '', displayName: l.author?.displayName ?? '' },
    currentStock: { quantity: l.stockQuantity },
    stockLevel: stockLevel(l.stockQuantity),
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    publishedAt: l.publishedAt || null,
    version: l.version,
    rejectionReason: l.rejectionReason,
  };
}

export function brandView(b: catalog.Brand): BrandView {
  const img = (i: catalog.Image | undefined) => (i ? imageView(i) : null);
  return {
    id: b.id, brandName: b.brandName, displayName: b.displayName, description: b.description, deliveryNotes: b.deliveryNotes,
    discountNotes: b.discountNotes, collections: b.collections, logo: img(b.logo), headerImage: img(b.headerImage),
    profileImage: img(b.profileImage), publishedListings: b.publishedListings,
  };
}

export function pageView(p: catalog.Pagination | undefined): z.infer<typeof paginationSchema> {
  return { page: p?.page ?? 1, perPage: p?.perPage ?? 0, totalItems: p?.totalItems ?? 0, totalPages: p?.totalPages ?? 0 };
}

/** A page of listings as the API answers it. */
export function listingPageView(out: { listings: catalog.Listing[]; pagination?: catalog.Pagination | undefined }, caller: Caller | null) {
  return { listings: out.listings.map((l) => listingView(l, caller)), pagination: pageView(out.pagination) };
}
