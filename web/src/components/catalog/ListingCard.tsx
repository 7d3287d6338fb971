import { Link } from 'react-router-dom';
import type { ListingCard as ListingCardData } from '../../api/catalog';
import { formatMoney } from '../../i18n/format';
import { catalogUi } from '../../i18n/catalogMessages';
import { listingPath } from '../../lib/listingPaths';
import { CardImage } from './ListingImage';
import { StockIndicator } from './StockIndicator';

/** A search result or brand-page product: cover photo, title, supplier, "from" price before GST, stock. */
export function ListingCard({ listing, showBrand = true, priority = false }: { listing: ListingCardData; showBrand?: boolean; priority?: boolean }) {
  const many = listing.packageCount > 1;
  const price = listing.price ? formatMoney(listing.price.amount) : null;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-xs transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md">
      <CardImage image={listing.images[0]} alt="" priority={priority} className="transition group-hover:opacity-95" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-2 font-semibold wrap-anywhere text-stone-900 group-hover:text-brand-800">
          <Link to={listingPath(listing)} className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:rounded-xl after:focus-visible:outline-3 after:focus-visible:outline-brand-500">
            {listing.title || catalogUi.common.untitled}
          </Link>
        </h3>
        {showBrand && listing.author.brandName ? <p className="text-sm wrap-anywhere text-stone-600">{listing.author.brandName}</p> : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-3">
          <p className="text-sm text-stone-900">
            {price ? (
              <>
                {many ? <span className="text-stone-600">{catalogUi.money.from} </span> : null}
                <span className="text-base font-bold">{price}</span> <span className="text-xs text-stone-600">{catalogUi.money.plusGstShort}</span>
              </>
            ) : (
              <span className="text-stone-600">{catalogUi.money.noPrice}</span>
            )}
          </p>
          <StockIndicator listing={listing} className="text-xs" />
        </div>
      </div>
    </article>
  );
}
