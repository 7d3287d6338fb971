/** Cart rules of the cart service (product-spec §5 "Cart"), pure and browser-safe. */

/** Why an entry cannot be bought now (CartEntry.problem); '' when it can. */
export const ENTRY_PROBLEMS = {
  /** The listing is closed, deleted or gone: the buyer removes the entry. */
  listingUnavailable: 'listing-unavailable',
  /** The buyer's quantities of the listing add up to more than its stock. */
  notEnoughStock: 'not-enough-stock',
  /** The supplier removed the package the entry was for. */
  packageMissing: 'package-missing',
} as const;
export type EntryProblem = (typeof ENTRY_PROBLEMS)[keyof typeof ENTRY_PROBLEMS] | '';

/** A cart holds at most this many entries (an order prices at most 100 lines). */
export const MAX_CART_ENTRIES = 100;

/** Cart message keys that are the cart's own (the order panel's come from @caskade/orders/domain). */
export const CART_MSG = {
  cartFull: 'cartFull',
  supplierNotInCart: 'supplierNotInCart',
  invalidValue: 'validation.invalidValue',
  minimumOrderQuantityInvalid: 'validation.minimumOrderQuantityInvalid',
  paymentTermInvalid: 'validation.paymentTermInvalid',
} as const;

/** GetSupplierTerms answers at most this many suppliers at once. */
export const MAX_SUPPLIER_TERMS_IDS = 100;

export interface ListingStockView {
  /** Published now (else every entry of it is listing-unavailable). */
  published: boolean;
  packageCount: number;
  stock: number;
}

/**
 * The problem of one entry: its listing gone or not published, its package gone, or the buyer's
 * quantities of that listing (every package and delivery method: each package takes one unit of
 * stock, docs/decisions/041) above the stock.
 */
export function entryProblem(listing: ListingStockView | null, packageIndex: number, listingQuantityInCart: number): EntryProblem {
  if (!listing || !listing.published) return ENTRY_PROBLEMS.listingUnavailable;
  if (packageIndex < 0 || packageIndex >= listing.packageCount) return ENTRY_PROBLEMS.packageMissing;
  if (listingQuantityInCart > listing.stock) return ENTRY_PROBLEMS.notEnoughStock;
  return '';
}

