/**
 * Pagination items (spec §2): the first and last page, the current page's neighbours, and an
 * ellipsis for each gap of more than one page. `pageItems(5, 10)` → 1 … 4 5 6 … 10.
 */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export function pageItems(current: number, total: number, neighbours = 1): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const page = Math.min(Math.max(1, current), total);
  const from = Math.max(2, page - neighbours);
  const to = Math.min(total - 1, page + neighbours);
  const items: PageItem[] = [1];
  if (from > 3) items.push('ellipsis-start');
  else for (let p = 2; p < from; p += 1) items.push(p);
  for (let p = from; p <= to; p += 1) items.push(p);
  if (to < total - 2) items.push('ellipsis-end');
  else for (let p = to + 1; p < total; p += 1) items.push(p);
  items.push(total);
  return items;
}

/** A positive page number from a query string value; 1 when missing or malformed. */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
}
