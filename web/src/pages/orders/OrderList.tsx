/**
 * A page of orders (10 a page; the page, search and state in the query string): the buyer's
 * orders, the supplier's sales and the operator's every order share it. Each row: order number
 * (the link to its details), the other party, date, state and the GST-inclusive total.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { OrderView, OrdersPage } from '../../api/orders';
import { PageOutOfRange } from '../../components/catalog/PageOutOfRange';
import { Pagination } from '../../components/catalog/Pagination';
import { FormMessage } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatDate, formatMoney } from '../../i18n/format';
import { ordersUi, STATE_FILTER_GROUPS, stateLabel, stateMeaning, type StateMeaning } from '../../i18n/ordersMessages';
import { parsePage } from '../../lib/pagination';

const t = ordersUi.list;

/** The list's state in the address: `?page=2&search=…&state=…`. */
export function useOrderListParams() {
  const [params, setParams] = useSearchParams();
  const filter = { page: parsePage(params.get('page')), search: (params.get('search') ?? '').trim().slice(0, 100), state: params.get('state') ?? '' };
  /** Sets filter values and goes back to page 1 (a new search has its own pages). */
  const setFilter = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  return { params, filter, setFilter };
}

const BADGE_TONES: Record<StateMeaning, string> = {
  enquiry: 'bg-brand-100 text-brand-900',
  'awaiting-payment': 'bg-amber-100 text-amber-900',
  'under-way': 'bg-brand-100 text-brand-900',
  disputed: 'bg-red-100 text-red-800',
  done: 'bg-emerald-100 text-emerald-800',
  ended: 'bg-red-100 text-red-800',
};

export function StateBadge({ state }: { state: string }) {
  const tone = BADGE_TONES[stateMeaning(state)];
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>{stateLabel(state)}</span>;
}

interface OrderListProps {
  /** Whose name the "other party" column shows. */
  party: 'supplier' | 'buyer' | 'both';
  query: { data: OrdersPage | undefined; isPending: boolean; isError: boolean; error: unknown };
  /** The row's link (its details). */
  hrefFor: (order: OrderView) => string;
  searchHint: string;
  emptyText: string;
  errorText?: string;
  /** Extra filter controls (the operator's "awaiting bank transfer"). */
  extraFilters?: ReactNode;
  emptyAction?: ReactNode;
}

export function OrderList({ party, query, hrefFor, searchHint, emptyText, errorText = ordersUi.loadFailed, extraFilters, emptyAction }: OrderListProps) {
  const location = useLocation();
  const { params, filter, setFilter } = useOrderListParams();
  const [search, setSearch] = useState(filter.search);
  // Back and forward change the address: the box follows it.
  useEffect(() => setSearch(filter.search), [filter.search]);
  const searchId = useId();
  const stateId = useId();
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ search: search.trim() });
  };
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const qs = next.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };
  const filtered = filter.search !== '' || filter.state !== '' || params.has('awaitingBankTransfer');
  const data = query.data;

  return (
    <div>
      <form role="search" onSubmit={submit} className="mb-6 grid gap-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end">
        <div>
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t.search}
          </label>
          <input id={searchId} type="search" name="search" className="input" value={search} maxLength={100} aria-describedby={hintId} onChange={(e) => setSearch(e.target.value)} />
          <p id={hintId} className="mt-1 text-xs text-stone-600">
            {searchHint}
          </p>
        </div>
        <div className="sm:self-start">
          <label htmlFor={stateId} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t.state}
          </label>
          <select id={stateId} name="state" className="input pr-8" value={filter.state} onChange={(e) => setFilter({ state: e.target.value })}>
            <option value="">{t.anyState}</option>
            {STATE_FILTER_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="flex gap-2 sm:self-start sm:pt-7">
          <button type="submit" className="btn-primary">
            {t.searchSubmit}
          </button>
          {filtered ? (
            <Link to={location.pathname} className="btn-secondary" onClick={() => setSearch('')}>
              {t.clear}
            </Link>
          ) : null}
        </div>
        {extraFilters ? <div className="sm:col-span-3">{extraFilters}</div> : null}
      </form>
      <div aria-live="polite" className="mb-3 text-sm text-stone-600 empty:hidden">
        {data ? t.results(data.pagination.totalItems) : ''}
      </div>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <FormMessage tone="error">{errorText}</FormMessage> : null}
      {data && data.pagination.totalItems === 0 ? (
        <div className="card px-6 py-10 text-center text-stone-600">
          <p>{filtered ? t.noMatch : emptyText}</p>
          {!filtered && emptyAction ? <div className="mt-5">{emptyAction}</div> : null}
        </div>
      ) : null}
      {data && data.orders.length === 0 && data.pagination.totalItems > 0 ? <PageOutOfRange firstPageHref={pageHref(1)} /> : null}
      {data && data.orders.length > 0 ? (
        <div className="card overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t.colOrder}
                </th>
                {party !== 'buyer' ? (
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t.colSupplier}
                  </th>
                ) : null}
                {party !== 'supplier' ? (
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t.colBuyer}
                  </th>
                ) : null}
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t.colDate}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t.colState}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  {t.colTotal}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {data.orders.map((order) => (
                <tr key={order.id} className="hover:bg-stone-50">
                  <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap">
                    <Link to={hrefFor(order)} className="text-brand-800 underline-offset-2 hover:underline">
                      {order.orderNumber}
                    </Link>
                  </th>
                  {party !== 'buyer' ? <td className="px-4 py-3 text-stone-800">{order.provider.name}</td> : null}
                  {party !== 'supplier' ? <td className="px-4 py-3 text-stone-800">{order.customer.name}</td> : null}
                  <td className="px-4 py-3 whitespace-nowrap text-stone-700">{formatDate(order.createdAt)}</td>
                  <td className="px-4 py-3">
                    <StateBadge state={order.state} />
                  </td>
                  <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-stone-900">{order.priced ? formatMoney(order.priced.payinTotalCents) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && data.orders.length > 0 ? <Pagination className="mt-8" page={filter.page} totalPages={data.pagination.totalPages} hrefFor={pageHref} /> : null}
    </div>
  );
}
