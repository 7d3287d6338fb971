/**
 * The search page's state lives in the URL (so back/forward, reloads and shared links work):
 * `keywords`, `pub_brand`, `pub_category`, `pub_type`, `pub_style`, `pub_services` (comma
 * separated), `pub_state` (the state the buyer orders for), `price=min,max` in dollars, `sort` and `page`. The same query string goes to
 * GET /api/listings. Values the API would refuse are dropped here rather than shown as an error.
 */
import { AU_STATES, CATEGORIES, type AuState, type Category } from '@caskade/kit/rules';
import { parsePage } from './pagination';
import { PRODUCT_TYPES, SERVICE_CATEGORIES, SORT_OPTIONS, STYLES, isCategory, parsePriceRange, type SortOption } from '@caskade/catalog/domain';
import { isUuid } from '@caskade/kit/rules';

export interface SearchState {
  keywords: string;
  brands: string[];
  categories: Category[];
  types: string[];
  styles: string[];
  services: string[];
  /** The Australian state the buyer orders for; empty for anywhere. */
  deliverTo: AuState | '';
  /** Dollars as typed, e.g. "10" or "12.50"; empty for no bound. */
  priceMin: string;
  priceMax: string;
  sort: SortOption;
  page: number;
}

export const EMPTY_SEARCH: SearchState = {
  keywords: '', brands: [], categories: [], types: [], styles: [], services: [], deliverTo: '', priceMin: '', priceMax: '', sort: 'relevance', page: 1,
};

const list = (value: string | null): string[] => [...new Set((value ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
const isAuState = (value: string | null): value is AuState => (AU_STATES as readonly string[]).includes(value ?? '');
const isSort = (value: string | null): value is SortOption => (SORT_OPTIONS as readonly string[]).includes(value ?? '');

/** Type options for the chosen categories (their union, first seen first). */
export function typeOptions(categories: readonly string[]): string[] {
  return [...new Set(categories.filter(isCategory).flatMap((c) => PRODUCT_TYPES[c]))];
}
/** Style options for the chosen categories (only beer and wine have styles). */
export function styleOptions(categories: readonly string[]): string[] {
  return [...new Set(categories.filter(isCategory).flatMap((c) => STYLES[c] ?? []))];
}

export function parseSearch(params: URLSearchParams): SearchState {
  const categories = list(params.get('pub_category')).filter(isCategory);
  const types = typeOptions(categories);
  const styles = styleOptions(categories);
  const range = parsePriceRange(params.get('price') ?? '');
  return {
    keywords: (params.get('keywords') ?? '').trim().slice(0, 200),
    brands: list(params.get('pub_brand')).filter(isUuid),
    categories,
    types: list(params.get('pub_type')).filter((t) => types.includes(t)),
    styles: list(params.get('pub_style')).filter((s) => styles.includes(s)),
    services: list(params.get('pub_services')).filter((s) => (SERVICE_CATEGORIES as readonly string[]).includes(s)),
    deliverTo: isAuState(params.get('pub_state')) ? (params.get('pub_state') as AuState) : '',
    priceMin: range?.minCents != null ? centsToDollars(range.minCents) : '',
    priceMax: range?.maxCents != null ? centsToDollars(range.maxCents) : '',
    sort: isSort(params.get('sort')) ? (params.get('sort') as SortOption) : 'relevance',
    page: parsePage(params.get('page')),
  };
}

const centsToDollars = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The query string for a state: defaults left out, a fixed order so equal states give equal URLs. */
export function searchParamsOf(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.keywords.trim()) params.set('keywords', state.keywords.trim());
  if (state.brands.length) params.set('pub_brand', state.brands.join(','));
  if (state.categories.length) params.set('pub_category', state.categories.join(','));
  if (state.types.length) params.set('pub_type', state.types.join(','));
  if (state.styles.length) params.set('pub_style', state.styles.join(','));
  if (state.services.length) params.set('pub_services', state.services.join(','));
  if (state.deliverTo) params.set('pub_state', state.deliverTo);
  if (state.priceMin || state.priceMax) params.set('price', `${state.priceMin},${state.priceMax}`);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A filter change starts again at page 1, and keeps types and styles the categories still offer. */
export function withFilters(state: SearchState, patch: Partial<Omit<SearchState, 'page'>>): SearchState {
  const next = { ...state, ...patch, page: 1 };
  const types = typeOptions(next.categories);
  const styles = styleOptions(next.categories);
  return { ...next, types: next.types.filter((t) => types.includes(t)), styles: next.styles.filter((s) => styles.includes(s)) };
}

/** How many filters (not keywords or sort) are applied: the mobile "Filters" button shows it. */
export function activeFilterCount(state: SearchState): number {
  return state.brands.length + state.categories.length + state.types.length + state.styles.length + state.services.length + (state.deliverTo ? 1 : 0) + (state.priceMin || state.priceMax ? 1 : 0);
}

export const categoryLink = (category: string): string => `/s?${new URLSearchParams({ pub_category: category }).toString()}`;
export const isKnownCategory = (value: string): boolean => (CATEGORIES as readonly string[]).includes(value);
