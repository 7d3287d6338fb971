/** Slugs, the stock indicator and search options of listings (spec §4, §5, constants §9). Pure. */
import { MAX_PRICE_CENTS } from './packages';

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

/**
 * Whether a listing's stock means anything to a buyer: a product's does (cases and kegs run out); a
 * service is booked, not stocked, so the UI shows no stock level for it (its stock count only caps
 * how many can be ordered at once).
 */
export function showsStockLevel(listing: { listingType: string }): boolean {
  return listing.listingType === 'product';
}

export const SEARCH_PAGE_SIZE = 24;
export const MANAGE_LISTINGS_PAGE_SIZE = 42;
/** Search sorts: createdAt newest first, -createdAt oldest, -price lowest, price highest, relevance (default). */
export const SORT_OPTIONS = ['relevance', 'createdAt', '-createdAt', '-price', 'price'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Dollars (up to 2 decimals) to cents; null when not a non-negative amount. */
export function dollarsToCents(value: string): number | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value.trim())) return null;
  return Math.round(Number(value) * 100);
}

/**
 * A package price as typed in dollars → cents for the package rules: NaN when it is not an amount;
 * an amount with too many digits for dollarsToCents reads as just above MAX_PRICE_CENTS, so the
 * rules word it as over the limit rather than as malformed or "not above $0".
 */
export function typedPriceCents(value: string): number {
  const cents = dollarsToCents(value);
  if (cents !== null) return cents;
  return /^\d+(\.\d{1,2})?$/.test(value.trim()) ? MAX_PRICE_CENTS + 1 : Number.NaN;
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
