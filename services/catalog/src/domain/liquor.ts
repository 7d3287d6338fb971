/**
 * Which listings are liquor, so that only a buyer with a liquor licence on file may buy them
 * (issue 9, "Beyond the spec"; ADR 042). Australian liquor acts treat a drink above 1.15 % alcohol
 * by volume as liquor. A listing's own alcoholicPercent decides when the supplier gave it; without
 * it, the category does. Services are never liquor. Pure.
 */
import type { Category } from '@caskade/kit/rules';

/** Above this alcohol by volume (%) a drink is liquor (the threshold of the states' liquor acts). */
export const LIQUOR_ABV_THRESHOLD = 1.15;

/** Categories sold as liquor when the listing gives no alcohol content: low-alcohol drinks are still above the threshold. */
export const LIQUOR_CATEGORIES: readonly Category[] = ['beer', 'cider', 'low-alcohol', 'rtd', 'spirit', 'wine'];

/** The part of a listing the rule reads (the proto's ListingFields, the gateway's listing and the form all fit). */
export interface LiquorRuleInput {
  listingType: string;
  category: string;
  attributes?: { alcoholicPercent?: number | null | undefined } | null | undefined;
}

export function requiresLiquorLicence(listing: LiquorRuleInput): boolean {
  if (listing.listingType !== 'product') return false;
  const abv = listing.attributes?.alcoholicPercent;
  if (typeof abv === 'number' && Number.isFinite(abv)) return abv > LIQUOR_ABV_THRESHOLD;
  return (LIQUOR_CATEGORIES as readonly string[]).includes(listing.category);
}

/**
 * A listing visible only in some states (its `visibleStates`; none = everywhere) is sold only for
 * delivery to an address in one of them: the cart checks the buyer's default address when adding,
 * and a checkout the address it delivers to.
 */
export function servesState(visibleStates: readonly string[], state: string): boolean {
  return visibleStates.length === 0 || visibleStates.includes(state);
}
