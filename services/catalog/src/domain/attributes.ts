/** Product attributes per category (spec §3) and their validation (spec §5). Pure. */
import { type Category } from '@caskade/kit/rules';
import { CATALOG_MSG } from './messages';
import { isCategory } from './taxonomy';
import type { ListingAttributes } from './inputs';

export type { ListingAttributes } from './inputs';

export type AttributeKey = keyof ListingAttributes;

/** Attributes of each category besides alcoholicPercent (which any product may carry). */
export const CATEGORY_ATTRIBUTES: Partial<Record<Category, readonly AttributeKey[]>> = {
  beer: ['colour', 'malts', 'hops', 'vegan'],
  wine: ['variety', 'region', 'soilType', 'vintage', 'traditionalOwners'],
  spirit: ['juniper', 'citrus', 'floral', 'fruit', 'herbal', 'spice'],
};
export const SPIRIT_ATTRIBUTE_MAX = 10;
/** Alcohol by volume, in percent. */
export const ABV_RANGE = { min: 0, max: 100 } as const;
export const ATTRIBUTE_KEYS: readonly AttributeKey[] = [
  'alcoholicPercent', 'colour', 'malts', 'hops', 'vegan', 'variety', 'region', 'soilType', 'vintage', 'traditionalOwners',
  'juniper', 'citrus', 'floral', 'fruit', 'herbal', 'spice',
];

export const filled = (v: unknown): boolean => (typeof v === 'string' ? v.trim().length > 0 : v !== undefined && v !== null);

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
  if (abv !== undefined && (!Number.isFinite(abv) || abv < ABV_RANGE.min || abv > ABV_RANGE.max)) errors['attributes.alcoholicPercent'] = CATALOG_MSG.abvOutOfRange;
  if (attrs.vintage !== undefined && filled(attrs.vintage) && !/^(\d{4}|NV)$/.test(attrs.vintage.trim())) errors['attributes.vintage'] = CATALOG_MSG.invalid;
  return errors;
}
