/**
 * A listing's fields between the wire (proto) and the domain: read from a request (trimmed, ids in
 * lower case), written into a response, compared, and refused with their message keys.
 */
import { invalidParams } from '@caskade/kit';
import { catalog } from '@caskade/proto';
import { ATTRIBUTE_KEYS, type ListingAttributes, type ListingFieldsInput } from '../domain';

function cleanAttributes(a: catalog.ListingAttributes | ListingAttributes | undefined): ListingAttributes {
  const out: Record<string, unknown> = {};
  if (!a) return {};
  for (const key of ATTRIBUTE_KEYS) {
    const v = (a as Record<string, unknown>)[key];
    if (typeof v === 'string') {
      if (v.trim()) out[key] = v.trim();
    } else if (typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  return out as ListingAttributes;
}

export function fieldsFromProto(f: catalog.ListingFields | undefined): ListingFieldsInput {
  const src = f ?? catalog.ListingFields.fromPartial({});
  return {
    listingType: src.listingType || 'product',
    title: src.title.trim(),
    description: src.description.trim(),
    category: src.category,
    productType: src.productType,
    style: src.style,
    attributes: cleanAttributes(src.attributes),
    pricePackages: src.pricePackages.map((p) => ({
      packageType: p.packageType, size: p.size, unit: p.unit, quantity: p.quantity, priceCents: p.priceCents, sku: p.sku.trim(),
    })),
    location: src.location
      ? { address: src.location.address.trim(), state: src.location.state, postcode: src.location.postcode.trim(), lat: src.location.lat, lng: src.location.lng }
      : null,
    pickupEnabled: src.pickupEnabled,
    shippingEnabled: src.shippingEnabled,
    visibleStates: src.visibleStates,
    collection: src.collection.trim(),
    rules: src.rules.trim(),
    availability: src.availability.map((a) => ({ dayOfWeek: a.dayOfWeek, seats: a.seats, start: a.start, end: a.end })),
    imageIds: src.imageIds.map((id) => id.toLowerCase()),
  };
}

export function fieldsToProto(f: ListingFieldsInput): catalog.ListingFields {
  return catalog.ListingFields.fromPartial({
    ...f,
    attributes: catalog.ListingAttributes.fromPartial(f.attributes),
    location: f.location ?? undefined,
  });
}

/**
 * The fields among `names` whose values differ between two sets of fields, compared in their
 * normalised wire form (proto JSON: defaults filled in and left out, keys in one order), so a
 * stored JSONB value with reordered keys or a missing default equals what the editor sends back.
 */
export function changedFields(before: ListingFieldsInput, next: ListingFieldsInput, names: readonly string[]): string[] {
  const a = catalog.ListingFields.toJSON(fieldsToProto(before)) as Record<string, unknown>;
  const b = catalog.ListingFields.toJSON(fieldsToProto(next)) as Record<string, unknown>;
  return [...new Set(names)].filter((name) => JSON.stringify(a[name]) !== JSON.stringify(b[name]));
}

/** Refuses a request whose fields broke any rule (field → message key). */
export function throwIfInvalid(errors: Record<string, string>): void {
  if (Object.keys(errors).length > 0) throw invalidParams(errors);
}
