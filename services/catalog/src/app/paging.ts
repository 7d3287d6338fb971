import { invalidParams, MAX_PAGE_SIZE } from '@caskade/kit';
import type { catalog } from '@caskade/proto';

export interface PageArgs {
  page: number;
  perPage: number;
  offset: number;
}

export const MAX_PAGE = 1000;

export function pageArgs(page: number, perPage: number, defaultPerPage: number): PageArgs {
  const p = page > 0 ? page : 1;
  const per = perPage > 0 ? perPage : defaultPerPage;
  if (p > MAX_PAGE) throw invalidParams({ page: 'validation.invalidValue' });
  if (per > MAX_PAGE_SIZE) throw invalidParams({ perPage: 'validation.invalidValue' });
  return { page: p, perPage: per, offset: (p - 1) * per };
}

/**
 * Paging of a result. totalItems is the true count; totalPages stops at MAX_PAGE, the last page a
 * client may ask for (a later one answers 400), so every page a client is told of can be fetched.
 */
export function pagination(args: PageArgs, totalItems: number): catalog.Pagination {
  return { page: args.page, perPage: args.perPage, totalItems, totalPages: Math.min(Math.ceil(totalItems / args.perPage), MAX_PAGE) };
}
