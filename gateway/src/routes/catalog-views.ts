/**
 * Proto messages to the catalog's API shapes (the contract's types, see ../contract/catalog.ts).
 * One place, so every route renders listings, brands and pages the same way.
 */
import { AU_STATES, CURRENCY, type Caller } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import {
  DAYS_OF_WEEK, LISTING_TYPES, PACKAGE_TYPES, allowedTransitions, pricePackageInput, listingActor, stockLevel, type ListingAttributes,
} from '@caskade/catalog/domain';
import {
  BRAND_CARD_DESCRIPTION_MAX, type Brand, type BrandCard, type ImageRef, type Listing, type ListingCard, type ListingCardPage, type ListingPage, type Pagination,
} from '../contract';

/**
 * Proto carries the catalog's closed sets (types, states, days) as strings; the catalog validated
 * them on write, so a value outside the set is never stored. Narrowed here to the contract's type,
 * an unknown one falling back to the set's first member (a listing type to `product`, as before).
 */
const member = <T extends string>(values: readonly T[], value: string): T => (values as readonly string[]).includes(value) ? (value as T) : (values[0] as T);
const isMember = <T extends string>(values: readonly T[]) => (value: string): value is T => (values as readonly string[]).includes(value);
const PACKAGE_UNITS_ANSWERED = pricePackageInput.in.shape.unit.unwrap().options;

export function imageView(image: catalog.Image): ImageRef {
  return { id: image.id, variants: Object.fromEntries(image.variants.map((v) => [v.name, { url: v.url, width: v.width, height: v.height }])) };
}

function attributesView(a: catalog.ListingAttributes | undefined): ListingAttributes {
  return Object.fromEntries(Object.entries(a ?? {}).filter(([, v]) => v !== undefined)) as ListingAttributes;
}

/** A listing as the API answers it, with the transitions the caller may run on it (the catalog domain's table). */
export function listingView(l: catalog.Listing, caller: Caller | null): Listing {
  const f = l.fields;
  const state = l.state as Listing['state'];
  return {
    id: l.id,
    slug: l.slug,
    state,
    allowedTransitions: allowedTransitions(state, listingActor(l.author?.id ?? '', caller)),
    listingType: member(LISTING_TYPES, f?.listingType ?? ''),
    title: f?.title ?? '',
    description: f?.description ?? '',
    category: f?.category ?? '',
    productType: f?.productType ?? '',
    style: f?.style ?? '',
    attributes: attributesView(f?.attributes),
    pricePackages: (f?.pricePackages ?? []).map((p) => ({ ...p, packageType: member(PACKAGE_TYPES, p.packageType), unit: member(PACKAGE_UNITS_ANSWERED, p.unit) })),
    price: l.priceCents > 0 ? { amount: l.priceCents, currency: CURRENCY } : null,
    location: f?.location ? { ...f.location, state: member(['', ...AU_STATES], f.location.state) } : null,
    pickupEnabled: f?.pickupEnabled ?? false,
    shippingEnabled: f?.shippingEnabled ?? false,
    visibleStates: (f?.visibleStates ?? []).filter(isMember(AU_STATES)),
    collection: f?.collection ?? '',
    rules: f?.rules ?? '',
    availability: (f?.availability ?? []).map((a) => ({ ...a, dayOfWeek: member(DAYS_OF_WEEK, a.dayOfWeek) })),
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

export function brandView(b: catalog.Brand): Brand {
  const img = (i: catalog.Image | undefined) => (i ? imageView(i) : null);
  return {
    id: b.id, brandName: b.brandName, displayName: b.displayName, description: b.description, deliveryNotes: b.deliveryNotes,
    discountNotes: b.discountNotes, collections: b.collections, logo: img(b.logo), headerImage: img(b.headerImage),
    profileImage: img(b.profileImage), publishedListings: b.publishedListings,
  };
}

/** A brand as a supplier card shows it: one small image variant, a clipped description. */
export function brandCardView(b: catalog.Brand): BrandCard {
  const image = b.logo ?? b.profileImage;
  const card = image?.variants.find((v) => v.name === 'listing-card');
  const description = b.description.length > BRAND_CARD_DESCRIPTION_MAX ? `${b.description.slice(0, BRAND_CARD_DESCRIPTION_MAX - 1).trimEnd()}…` : b.description;
  return {
    id: b.id, brandName: b.brandName, displayName: b.displayName, description,
    logo: image && card ? { id: image.id, variants: { [card.name]: { url: card.url, width: card.width, height: card.height } } } : null,
    publishedListings: b.publishedListings,
  };
}

export function pageView(p: catalog.Pagination | undefined): Pagination {
  return { page: p?.page ?? 1, perPage: p?.perPage ?? 0, totalItems: p?.totalItems ?? 0, totalPages: p?.totalPages ?? 0 };
}

/** A search card as the API answers it (docs/decisions/071): only published listings are searched. */
export function listingCardView(c: catalog.ListingCard): ListingCard {
  return {
    id: c.id,
    slug: c.slug,
    state: 'published',
    listingType: member(LISTING_TYPES, c.listingType),
    title: c.title,
    category: c.category,
    collection: c.collection,
    price: c.priceCents > 0 ? { amount: c.priceCents, currency: CURRENCY } : null,
    packageCount: c.packageCount,
    images: c.image ? [imageView(c.image)] : [],
    author: { id: c.authorId, brandName: c.brandName },
    currentStock: { quantity: c.stockQuantity },
    stockLevel: stockLevel(c.stockQuantity),
  };
}

export function listingCardPageView(out: { cards: catalog.ListingCard[]; pagination?: catalog.Pagination | undefined }): ListingCardPage {
  return { listings: out.cards.map(listingCardView), pagination: pageView(out.pagination) };
}

/** A page of listings as the API answers it. */
export function listingPageView(out: { listings: catalog.Listing[]; pagination?: catalog.Pagination | undefined }, caller: Caller | null): ListingPage {
  return { listings: out.listings.map((l) => listingView(l, caller)), pagination: pageView(out.pagination) };
}
