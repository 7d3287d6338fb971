/** Manage listings (/listings): the supplier's own listings, 42 a page, newest change first, with their actions. */
import { Link, useSearchParams } from 'react-router-dom';
import { useOwnListings, type Listing } from '../api/catalog';
import { CardImage } from '../components/catalog/ListingImage';
import { PageOutOfRange } from '../components/catalog/PageOutOfRange';
import { Pagination } from '../components/catalog/Pagination';
import { StateBadge } from '../components/catalog/StateBadge';
import { StockIndicator } from '../components/catalog/StockIndicator';
import { useProductActions } from '../components/catalog/useProductActions';
import { listingActions } from '../lib/listingActions';
import { FormMessage } from '../components/Field';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { catalogUi } from '../i18n/catalogMessages';
import { formatDate, formatMoney } from '../i18n/format';
import { editListingPath, listingPath } from '../lib/listingPaths';
import { parsePage } from '../lib/pagination';

const t = catalogUi.manage;

export default function ManageListingsPage() {
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const own = useOwnListings(page);
  const actions = useProductActions();
  const data = own.data;

  return (
    <PageContainer>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title={t.title} intro={data ? `${t.intro} ${t.count(data.pagination.totalItems)}.` : t.intro} />
        <Link to="/l/new" className="btn-primary">
          <span aria-hidden="true">+</span> {t.newListing}
        </Link>
      </div>
      <div className="mb-4 empty:hidden" aria-live="polite">
        {actions.banner}
      </div>
      {own.isPending ? <Spinner /> : null}
      {own.isError ? <FormMessage tone="error">{catalogUi.common.loadFailed}</FormMessage> : null}
      {data && data.listings.length === 0 && data.pagination.totalItems > 0 ? <PageOutOfRange firstPageHref="/listings" /> : null}
      {data && data.listings.length === 0 && data.pagination.totalItems === 0 ? (
        <div className="card px-6 py-12 text-center">
          <p className="text-stone-700">{t.empty}</p>
          <Link to="/l/new" className="btn-primary mt-6">
            {t.emptyCta}
          </Link>
        </div>
      ) : null}
      {data && data.listings.length > 0 ? (
        <ul className={`grid grid-cols-1 gap-3 ${own.isPlaceholderData ? 'opacity-60' : ''}`}>
          {data.listings.map((listing) => (
            <li key={listing.id} className="min-w-0">
              <ListingRow listing={listing} actions={actions} />
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.listings.length > 0 ? <Pagination className="mt-10" page={page} totalPages={data.pagination.totalPages} hrefFor={(p) => (p > 1 ? `/listings?page=${p}` : '/listings')} /> : null}
      {actions.dialog}
    </PageContainer>
  );
}

function ListingRow({ listing, actions }: { listing: Listing; actions: ReturnType<typeof useProductActions> }) {
  const title = listing.title || t.untitled;
  const busy = actions.busyId === listing.id;
  const can = listingActions(listing.allowedTransitions);
  return (
    <article aria-label={title} className="card flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
      <Link to={listing.state === 'draft' ? editListingPath(listing, 'photos') : listingPath(listing)} className="block w-20 shrink-0 overflow-hidden rounded-lg" tabIndex={-1} aria-hidden="true">
        <CardImage image={listing.images[0]} alt="" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="max-w-full min-w-0 truncate font-semibold text-stone-900">
            <Link to={listingPath(listing)} className="hover:underline">
              {title}
            </Link>
          </h2>
          <StateBadge state={listing.state} />
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
          {listing.price ? <span>{catalogUi.money.plusGst(formatMoney(listing.price.amount))}</span> : null}
          <StockIndicator listing={listing} showCount className="text-xs" />
          <span>{formatDate(listing.updatedAt)}</span>
        </p>
      </div>
      <div role="group" aria-label={t.actionsFor(title)} className="flex shrink-0 flex-wrap gap-2">
        <Link to={editListingPath(listing)} className="btn-secondary px-3 py-1.5">
          {t.edit}
        </Link>
        {can.open || can.close ? (
          <button type="button" className="btn-secondary px-3 py-1.5" disabled={busy} onClick={() => actions.onToggleOpen(listing)}>
            {can.open ? t.open : t.close}
          </button>
        ) : null}
        <button type="button" className="btn-secondary px-3 py-1.5" disabled={busy} onClick={() => actions.onDuplicate(listing)}>
          {t.duplicate}
        </button>
        {can.remove ? (
          <button type="button" className="btn-ghost px-3 py-1.5 text-red-700 hover:bg-red-50" disabled={busy} onClick={() => actions.askDelete(listing)}>
            {can.remove === 'discard' ? (listing.state === 'pendingApproval' ? t.withdraw : t.discard) : t.delete}
          </button>
        ) : null}
      </div>
    </article>
  );
}
