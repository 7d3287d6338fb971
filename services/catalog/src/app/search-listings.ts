import { AU_STATES, invalidParams, isUuid } from '@caskade/kit';
import { catalog } from '@caskade/proto';
import { searchListingCards, searchPublishedListings, type ListingSearch, type ListingSort } from '../db/listings';
import type { CatalogDeps } from './deps';
import { pageArgs, pagination } from './paging';
import { isCategory, isServiceCategory, MAX_PRICE_CENTS, SEARCH_PAGE_SIZE } from '../domain';
import { toListingCards, toListings } from './views';

const MAX_FILTER_VALUES = 50;
const KEYWORDS_MAX = 200;

function list(name: string, values: readonly string[], valid: (v: string) => boolean = (v) => v.length > 0 && v.length <= 60): string[] {
  const unique = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  if (unique.length > MAX_FILTER_VALUES || !unique.every(valid)) throw invalidParams({ [name]: 'validation.invalidValue' });
  return unique;
}

function sortOf(sort: catalog.SortOrder): ListingSort {
  switch (sort) {
    case catalog.SortOrder.SORT_ORDER_NEWEST:
      return 'newest';
    case catalog.SortOrder.SORT_ORDER_OLDEST:
      return 'oldest';
    case catalog.SortOrder.SORT_ORDER_PRICE_LOW:
      return 'priceLow';
    case catalog.SortOrder.SORT_ORDER_PRICE_HIGH:
      return 'priceHigh';
    default:
      return 'relevance';
  }
}

/**
 * Public search (docs/decisions/011): published listings with stock only; full-text over title
 * (weight A), brand (B), category/type/style (C) and description (D) with ts_rank for relevance;
 * filters on brand, category, type, style, service category, price and the buyer's state; 24 a page.
 * Keywords that leave no search terms (only stop words or symbols: "the", "-", "&&") are ignored
 * rather than matching nothing. A brand page may ask for its one supplier's sold-out listings too
 * (`includeSoldOut` with exactly one brand id). docs/decisions/015. Above EXACT_COUNT_LIMIT matches
 * the total is the planner's estimate (docs/decisions/058).
 */
export async function searchListings(deps: CatalogDeps, req: catalog.SearchListingsRequest): Promise<catalog.SearchListingsResponse> {
  const args = pageArgs(req.page, req.perPage, SEARCH_PAGE_SIZE);
  const keywords = req.keywords.trim();
  if (keywords.length > KEYWORDS_MAX) throw invalidParams({ keywords: 'validation.tooLong' });
  const brands = list('pub_brand', req.brandIds, isUuid).map((id) => id.toLowerCase());
  const categories = list('pub_category', req.categories, isCategory);
  const services = list('pub_services', req.services, isServiceCategory);
  const types = list('pub_type', req.productTypes);
  const styles = list('pub_style', req.styles);
  const min = req.priceMinCents;
  const max = req.priceMaxCents;
  const outOfRange = (v: number | undefined) => v !== undefined && (v < 0 || v > MAX_PRICE_CENTS);
  if (outOfRange(min) || outOfRange(max) || (min !== undefined && max !== undefined && min > max)) {
    throw invalidParams({ price: 'validation.priceRangeInvalid' });
  }
  if (req.includeSoldOut && brands.length !== 1) throw invalidParams({ includeSoldOut: 'validation.invalidValue' });
  const buyerState = req.buyerState.trim().toUpperCase();
  if (buyerState && !(AU_STATES as readonly string[]).includes(buyerState)) throw invalidParams({ pub_state: 'validation.invalidValue' });

  const search: ListingSearch = {
    keywords, authorIds: brands, categories: [...categories, ...services], productTypes: types, styles,
    priceMinCents: min, priceMaxCents: max, buyerState, includeSoldOut: req.includeSoldOut, sort: sortOf(req.sort),
  };
  // The same search is the same answer for everyone: served from the read cache (docs/decisions/058).
  // Cards (docs/decisions/071) are cached apart from whole listings: each is what its caller shows.
  return deps.readCache.get(`search:${JSON.stringify([search, args.offset, args.perPage, req.cards])}`, async () => {
    const page = { offset: args.offset, limit: args.perPage };
    if (req.cards) {
      const { rows, total } = await searchListingCards(deps.db, search, page);
      return { listings: [], cards: toListingCards(rows), pagination: pagination(args, total) };
    }
    const { rows, total } = await searchPublishedListings(deps.db, search, page);
    return { listings: await toListings(deps.db, rows, { firstImageOnly: true }), cards: [], pagination: pagination(args, total) };
  });
}
