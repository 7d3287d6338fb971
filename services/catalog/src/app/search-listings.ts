import { AU_STATES, invalidParams } from '@caskade/kit';
import { catalog } from '@caskade/proto';
import { sql, type RawBuilder } from 'kysely';
import { LISTING_COLUMNS } from '../db/schema';
import type { CatalogDeps } from './deps';
import { pageArgs, pagination } from './paging';
import { isUuid, toListings, type ListingRow } from './shared';
import { isCategory, isServiceCategory, MAX_PRICE_CENTS, SEARCH_PAGE_SIZE } from '../domain';

const columns = sql.join(LISTING_COLUMNS.map((c) => sql.ref(`l.${c}`)));
const MAX_FILTER_VALUES = 50;
const KEYWORDS_MAX = 200;

function list(name: string, values: readonly string[], valid: (v: string) => boolean = (v) => v.length > 0 && v.length <= 60): string[] {
  const unique = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  if (unique.length > MAX_FILTER_VALUES || !unique.every(valid)) throw invalidParams({ [name]: 'validation.invalidValue' });
  return unique;
}

/** Do the keywords make a tsquery with any terms? Stop words and symbols alone make an empty one, which matches nothing. */
async function hasSearchTerms(deps: CatalogDeps, keywords: string): Promise<boolean> {
  if (!keywords) return false;
  const out = await sql<{ nodes: number }>`select numnode(websearch_to_tsquery('english', ${keywords}))::int as nodes`.execute(deps.db);
  return (out.rows[0]?.nodes ?? 0) > 0;
}

/**
 * Public search (docs/decisions/011): published listings with stock only; full-text over title
 * (weight A), brand (B), category/type/style (C) and description (D) with ts_rank for relevance;
 * filters on brand, category, type, style, service category, price and the buyer's state; 24 a page.
 * Keywords that leave no search terms (only stop words or symbols: "the", "-", "&&") are ignored
 * rather than matching nothing. A brand page may ask for its one supplier's sold-out listings too
 * (`includeSoldOut` with exactly one brand id). docs/decisions/015.
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

  const conds: RawBuilder<unknown>[] = [sql`l.state = 'published'`];
  if (!req.includeSoldOut) conds.push(sql`l.stock_quantity > 0`);
  const query = (await hasSearchTerms(deps, keywords)) ? sql`websearch_to_tsquery('english', ${keywords})` : null;
  if (query) conds.push(sql`l.search @@ ${query}`);
  if (brands.length > 0) conds.push(sql`l.author_id in (${sql.join(brands)})`);
  // Product and service category keys never overlap (validation keeps each type to its own), so
  // one `category in (…)` serves both filters and the category index answers it alone.
  const wanted = [...categories, ...services];
  if (wanted.length > 0) conds.push(sql`l.category in (${sql.join(wanted)})`);
  if (types.length > 0) conds.push(sql`l.product_type in (${sql.join(types)})`);
  if (styles.length > 0) conds.push(sql`l.style in (${sql.join(styles)})`);
  if (min !== undefined) conds.push(sql`l.price_cents >= ${min}`);
  if (max !== undefined) conds.push(sql`l.price_cents <= ${max}`);
  // A listing with no visible states is offered Australia-wide.
  if (buyerState) conds.push(sql`(cardinality(l.visible_states) = 0 or ${buyerState} = any(l.visible_states))`);
  const where = sql.join(conds, sql` and `);

  const S = catalog.SortOrder;
  const order = (() => {
    switch (req.sort) {
      case S.SORT_ORDER_NEWEST:
        return sql`l.created_at desc, l.id desc`;
      case S.SORT_ORDER_OLDEST:
        return sql`l.created_at asc, l.id asc`;
      case S.SORT_ORDER_PRICE_LOW:
        return sql`l.price_cents asc, l.created_at desc, l.id desc`;
      case S.SORT_ORDER_PRICE_HIGH:
        return sql`l.price_cents desc, l.created_at desc, l.id desc`;
      default:
        return query ? sql`ts_rank(l.search, ${query}) desc, l.created_at desc, l.id desc` : sql`l.created_at desc, l.id desc`;
    }
  })();

  const [rows, count] = await Promise.all([
    sql<ListingRow>`select ${columns} from listings l where ${where} order by ${order} limit ${args.perPage} offset ${args.offset}`.execute(deps.db),
    sql<{ total: number }>`select count(*)::int as total from listings l where ${where}`.execute(deps.db),
  ]);
  return {
    listings: await toListings(deps.db, rows.rows, { firstImageOnly: true }),
    pagination: pagination(args, count.rows[0]?.total ?? 0),
  };
}
