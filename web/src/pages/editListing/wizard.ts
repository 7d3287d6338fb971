/**
 * The edit-listing wizard's steps (product-spec §2): which steps a listing type has, which step
 * owns each field (so a validation message from the shared rules or the server lands on its
 * step), and the listing's fields as the shared rules read them. Pure; unit tested.
 */
import type { Listing } from '../../api/catalog';
import type { EditTab } from '../../lib/listingPaths';
import { EMPTY_LISTING_FIELDS, validateListing, type ListingFieldsInput, type ListingType } from '@caskade/catalog/domain';

/** The spec's steps. Services: no drink features and no pickup/shipping. Availability is optional for products (dispatch and pickup days). */
const STEPS: Record<ListingType, readonly EditTab[]> = {
  product: ['details', 'features', 'pricing', 'disclaimer', 'location', 'delivery', 'availability', 'photos'],
  service: ['details', 'pricing', 'disclaimer', 'location', 'availability', 'photos'],
};

export const stepsFor = (listingType: ListingType): readonly EditTab[] => STEPS[listingType];

const FIELD_STEPS: Record<string, EditTab> = {
  listingType: 'details',
  title: 'details',
  description: 'details',
  category: 'details',
  productType: 'details',
  style: 'details',
  collection: 'details',
  attributes: 'features',
  pricePackages: 'pricing',
  stock: 'pricing',
  stockQuantity: 'pricing',
  rules: 'disclaimer',
  location: 'location',
  delivery: 'delivery',
  pickupEnabled: 'delivery',
  shippingEnabled: 'delivery',
  visibleStates: 'delivery',
  availability: 'availability',
  imageIds: 'photos',
};

/** Services have no Delivery step: the states they are sold in sit with their location. */
const SERVICE_FIELD_STEPS: Record<string, EditTab> = { visibleStates: 'location' };

/** The step a field error belongs to: `pricePackages.0.priceCents` → pricing. Unknown fields → details. */
export function stepForField(field: string, listingType: ListingType = 'product'): EditTab {
  const key = field.split('.')[0] ?? '';
  return (listingType === 'service' ? SERVICE_FIELD_STEPS[key] : undefined) ?? FIELD_STEPS[key] ?? 'details';
}

/** Errors of one step only. */
export function errorsForStep(errors: Record<string, string>, step: EditTab, listingType: ListingType = 'product'): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepForField(field, listingType) === step));
}

const typeOf = (fields: ListingFieldsInput): ListingType => (fields.listingType === 'service' ? 'service' : 'product');

/** Everything the listing still lacks to be published, per step, in step order. */
export function incompleteSteps(fields: ListingFieldsInput): EditTab[] {
  const errors = validateListing(fields, 'publish');
  const steps = stepsFor(typeOf(fields));
  return steps.filter((step) => Object.keys(errors).some((field) => stepForField(field, typeOf(fields)) === step));
}

/** A step's client-side check: the publish rules over the saved listing with the step's edits, this step's fields only. */
export function validateStep(step: EditTab, fields: ListingFieldsInput): Record<string, string> {
  return errorsForStep(validateListing(fields, 'publish'), step, typeOf(fields));
}

export function fieldsOf(listing: Listing | null, listingType: ListingType = 'product'): ListingFieldsInput {
  if (!listing) return { ...EMPTY_LISTING_FIELDS, listingType };
  return {
    listingType: listing.listingType,
    title: listing.title,
    description: listing.description,
    category: listing.category,
    productType: listing.productType,
    style: listing.style,
    attributes: listing.attributes,
    pricePackages: listing.pricePackages,
    location: listing.location,
    pickupEnabled: listing.pickupEnabled,
    shippingEnabled: listing.shippingEnabled,
    visibleStates: listing.visibleStates,
    collection: listing.collection,
    rules: listing.rules,
    availability: listing.availability,
    imageIds: listing.images.map((image) => image.id),
  };
}

/**
 * A form's string as a member of one of the API's closed sets (states, days, package types): a
 * step's patch is built only once the shared rules passed its values, so nothing is dropped then.
 */
export const isOneOf = <T extends string>(values: readonly T[]) => (value: string): value is T => (values as readonly string[]).includes(value);

export function nextStep(listingType: ListingType, step: EditTab): EditTab | null {
  const steps = stepsFor(listingType);
  const i = steps.indexOf(step);
  return i >= 0 && i < steps.length - 1 ? (steps[i + 1] ?? null) : null;
}
