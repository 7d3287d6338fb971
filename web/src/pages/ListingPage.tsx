/**
 * The listing page: /l/{slug}/{id}, /l/{id} (canonical) and, for the owner, the draft and
 * pending-approval previews at /l/{slug}/{id}/{variant}. Gallery, packages with prices before
 * and after GST, features, stock indicator, delivery, the supplier. A closed listing shows a
 * closed button and subtitle and no order form; with no stock ordering is disabled with a
 * no-stock label; otherwise the order panel (lazily loaded).
 */
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { CATEGORY_LABELS } from '@caskade/kit/rules';
import { isApiError } from '../api/client';
import { usePublicUser, useListing, type Listing } from '../api/catalog';
import { useCurrentUser } from '../api/session';
import type { CurrentUser } from '@caskade/gateway/contract';
import { CardImage, ImagePlaceholder, ScaledImage } from '../components/catalog/ListingImage';
import { StockIndicator } from '../components/catalog/StockIndicator';
import { InitialsAvatar, SupplierName, supplierDisplayName } from '../components/catalog/SupplierName';
import { MessageButton } from '../components/messaging/MessageButton';
import { FormMessage } from '../components/Field';
import { NotFoundView } from '../components/NotFoundView';
import { PageContainer } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { ATTRIBUTE_LABELS, STATE_LABELS, catalogUi } from '../i18n/catalogMessages';
import { formatMoney } from '../i18n/format';
import { errorCodeMessage } from '../i18n/messages';
import { LISTING_VARIANTS, editListingPath, listingPath } from '../lib/listingPaths';
import { withGst } from '../lib/money';
import { packageLabel } from '../lib/packages';
import { categoryLink } from '../lib/searchQuery';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ReviewsSection } from '../components/reviews/ReviewsSection';
import { CATEGORY_ATTRIBUTES, LISTING_GALLERY_SIZES, SERVICE_CATEGORY_LABELS, isCategory, isServiceCategory, optionLabel, showsStockLevel, type AttributeKey } from '@caskade/catalog/domain';

const t = catalogUi.listing;
const OrderPanel = lazy(() => import('../components/buying/OrderPanel'));
const VARIANTS: readonly string[] = Object.values(LISTING_VARIANTS);

/** Set by the editor after publishing: which state the listing went to. */
export interface PublishedState {
  published?: 'published' | 'pendingApproval';
}

export default function ListingPage() {
  const { id = '', slug, variant } = useParams();
  const location = useLocation();
  const listing = useListing(id);
  const { data: user } = useCurrentUser();

  if (variant !== undefined && !VARIANTS.includes(variant)) return <NotFoundView />;
  if (listing.isPending) return <Spinner />;
  if (listing.isError) {
    if (isApiError(listing.error) && (listing.error.status === 404 || listing.error.status === 400)) return <NotFoundView />;
    return (
      <PageContainer width="medium">
        <FormMessage tone="error">{isApiError(listing.error) ? errorCodeMessage(listing.error.code) : catalogUi.common.loadFailed}</FormMessage>
        <button type="button" className="btn-secondary mt-4" onClick={() => void listing.refetch()}>
          {catalogUi.common.retry}
        </button>
      </PageContainer>
    );
  }
  const data = listing.data;
  // Keep the address bar on the listing's own URL: current slug, and the preview variant only while it applies.
  const expected = listingPath(data);
  const onCanonical = slug === undefined;
  if (!onCanonical && location.pathname !== expected) return <Navigate to={`${expected}${location.search}`} replace state={location.state as unknown} />;

  const published = (location.state as PublishedState | null)?.published;
  return <ListingView listing={data} user={user ?? null} isOwner={user?.id === data.author.id} justPublished={published} />;
}

function ListingView({ listing, user, isOwner, justPublished }: { listing: Listing; user: CurrentUser | null; isOwner: boolean; justPublished: PublishedState['published'] }) {
  const author = usePublicUser(listing.author.id);
  const brandName = supplierDisplayName(author.data, listing.author.brandName || listing.author.displayName);
  useDocumentTitle(`${listing.title || catalogUi.common.untitled}${brandName ? ` · ${brandName}` : ''}`);
  const service = listing.listingType === 'service';
  const categoryName = isCategory(listing.category) ? CATEGORY_LABELS[listing.category] : isServiceCategory(listing.category) ? SERVICE_CATEGORY_LABELS[listing.category] : '';

  return (
    <PageContainer className="!py-6 lg:!py-10">
      <nav aria-label={t.breadcrumb} className="mb-5 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-stone-900 hover:underline">
              {t.home}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/s" className="hover:text-stone-900 hover:underline">
              {t.search}
            </Link>
          </li>
          {categoryName ? (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <Link to={service ? `/s?pub_services=${listing.category}` : categoryLink(listing.category)} className="hover:text-stone-900 hover:underline">
                  {categoryName}
                </Link>
              </li>
            </>
          ) : null}
        </ol>
      </nav>

      {justPublished ? (
        <div className="mb-6">
          <FormMessage tone="success">{justPublished === 'published' ? t.publishedNow : t.submittedNow}</FormMessage>
        </div>
      ) : null}
      {listing.state === 'draft' || listing.state === 'pendingApproval' ? (
        <div className="mb-6">
          <FormMessage tone="info">{listing.state === 'draft' ? t.draftBanner : t.pendingBanner}</FormMessage>
        </div>
      ) : null}
      {isOwner ? (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm">
          <p className="text-stone-700">
            {t.ownListing} <span className="font-medium text-stone-900">{STATE_LABELS[listing.state]}</span>
          </p>
          <Link to={editListingPath(listing)} className="btn-secondary py-1.5">
            {t.edit}
          </Link>
        </div>
      ) : null}

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
        <Gallery listing={listing} />

        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {[categoryName, listing.productType ? optionLabel(listing.productType) : '', listing.style ? optionLabel(listing.style) : ''].filter(Boolean).join(' · ')}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance wrap-anywhere text-stone-900 sm:text-4xl">{listing.title || catalogUi.common.untitled}</h1>
          <p className="mt-2 wrap-anywhere text-stone-700">
            {catalogUi.card.by}{' '}
            <SupplierName id={listing.author.id} user={author.data} fallback={listing.author.brandName || listing.author.displayName} />
            {typeof listing.attributes.alcoholicPercent === 'number' ? <span className="text-stone-600"> · {t.abv(listing.attributes.alcoholicPercent)}</span> : null}
          </p>
          {listing.price ? <HeadlinePrice cents={listing.price.amount} from={listing.pricePackages.length > 1} /> : null}
          {listing.state === 'closed' || !showsStockLevel(listing) ? null : (
            <div className="mt-3">
              <StockIndicator listing={listing} showCount />
            </div>
          )}

          <PackagesTable listing={listing} />
          <OrderArea listing={listing} user={user} isOwner={isOwner} />
        </div>
      </div>

      <div className="mt-12 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
        <div className="grid min-w-0 content-start gap-10">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-bold text-stone-900">
              {service ? t.aboutServiceHeading : t.aboutHeading}
            </h2>
            <p className="mt-3 whitespace-pre-line wrap-anywhere text-stone-700">{listing.description}</p>
          </section>
          <Features listing={listing} />
          {listing.rules ? (
            <section aria-labelledby="disclaimer-heading">
              <h2 id="disclaimer-heading" className="text-xl font-bold text-stone-900">
                {t.disclaimerHeading}
              </h2>
              <p className="mt-3 whitespace-pre-line text-sm wrap-anywhere text-stone-700">{listing.rules}</p>
            </section>
          ) : null}
          <ReviewsSection of={{ listingId: listing.id }} />
        </div>
        <div className="grid min-w-0 content-start gap-8">
          <Delivery listing={listing} />
          {service && listing.availability.length > 0 ? <Availability listing={listing} /> : null}
          <section aria-labelledby="supplier-heading" className="card p-5">
            <h2 id="supplier-heading" className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
              {t.supplierHeading}
            </h2>
            <div className="mt-3 flex items-center gap-3">
              {author.data?.brand?.logo && !author.data.banned && !author.data.deleted ? (
                <CardImage image={author.data.brand.logo} alt="" className="!size-12 rounded-full" />
              ) : (
                <InitialsAvatar name={brandName} />
              )}
              <div className="min-w-0">
                <p className="font-semibold wrap-anywhere text-stone-900">
                  <SupplierName id={listing.author.id} user={author.data} fallback={brandName} className="hover:underline" />
                </p>
                {author.data?.brand?.deliveryNotes && !author.data.banned && !author.data.deleted ? (
                  <p className="mt-0.5 line-clamp-2 text-sm wrap-anywhere text-stone-600">{author.data.brand.deliveryNotes}</p>
                ) : null}
              </div>
            </div>
            {!isOwner && user?.role !== 'supplier' && !author.data?.banned && !author.data?.deleted ? (
              <div className="mt-4">
                <MessageButton otherUserId={listing.author.id} />
              </div>
            ) : null}
          </section>
        </div>
      </div>
    </PageContainer>
  );
}

function Gallery({ listing }: { listing: Listing }) {
  const [index, setIndex] = useState(0);
  const images = listing.images;
  const current = images[Math.min(index, images.length - 1)];
  const title = listing.title || catalogUi.common.untitled;
  return (
    <section aria-label={t.gallery} className="min-w-0">
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
        {current ? (
          <ScaledImage
            image={current}
            alt={t.photoAlt(title, Math.min(index, images.length - 1) + 1)}
            sizes={LISTING_GALLERY_SIZES}
            eager
            className="aspect-square w-full bg-stone-100 object-contain"
          />
        ) : (
          <ImagePlaceholder className="rounded-2xl" />
        )}
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t.showPhoto(i + 1, images.length)}
                aria-current={i === index ? 'true' : undefined}
                className={`block size-16 overflow-hidden rounded-lg border-2 sm:size-20 ${i === index ? 'border-brand-600' : 'border-transparent hover:border-stone-300'}`}
              >
                <CardImage image={image} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The lowest package price, incl. GST first (what the buyer pays), ex GST beside it. */
function HeadlinePrice({ cents, from }: { cents: number; from: boolean }) {
  const price = withGst(cents);
  return (
    <p className="mt-4 flex flex-wrap items-baseline gap-x-2 text-stone-900">
      {from ? <span className="text-sm text-stone-600">{catalogUi.money.from}</span> : null}
      <span className="text-2xl font-bold tabular-nums">{formatMoney(price.incGst)}</span>
      <span className="text-sm font-medium text-stone-700">{catalogUi.money.incGst}</span>
      <span className="text-sm text-stone-600">
        ({formatMoney(price.exGst)} {catalogUi.money.exGst})
      </span>
    </p>
  );
}

function PackagesTable({ listing }: { listing: Listing }) {
  if (listing.pricePackages.length === 0) return null;
  return (
    <section aria-labelledby="packages-heading" className="mt-6">
      <h2 id="packages-heading" className="text-base font-semibold text-stone-900">
        {t.packagesHeading}
      </h2>
      <div className="mt-2 overflow-hidden rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t.packagesCaption}</caption>
          <thead className="bg-stone-50 text-xs text-stone-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t.package}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t.priceExGst}
              </th>
              <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
                {t.gst}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t.priceIncGst}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {listing.pricePackages.map((p, i) => {
              const price = withGst(p.priceCents);
              return (
                <tr key={`${p.packageType}-${p.size}-${p.quantity}-${i}`}>
                  <th scope="row" className="px-3 py-2.5 font-medium wrap-anywhere text-stone-900">
                    {packageLabel(p)}
                    {p.sku ? <span className="block text-xs font-normal break-all text-stone-500">{t.sku(p.sku)}</span> : null}
                  </th>
                  <td className="px-3 py-2.5 text-right text-stone-700 tabular-nums">{formatMoney(price.exGst)}</td>
                  <td className="hidden px-3 py-2.5 text-right text-stone-600 tabular-nums sm:table-cell">{formatMoney(price.gst)}</td>
                  <td className="px-3 py-2.5 text-right font-semibold text-stone-900 tabular-nums">{formatMoney(price.incGst)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-stone-600">{t.packagesCaption}</p>
    </section>
  );
}

/** The order panel (lazily loaded), or for a closed listing the closed button and subtitle, for no stock a disabled button and label. */
function OrderArea({ listing, user, isOwner }: { listing: Listing; user: CurrentUser | null; isOwner: boolean }) {
  const closed = listing.state === 'closed';
  const noStock = listing.currentStock.quantity <= 0;
  if (!closed && !noStock) {
    return (
      <Suspense fallback={<div className="mt-6 h-40 animate-pulse rounded-xl bg-stone-100" aria-hidden="true" />}>
        <OrderPanel listing={listing} user={user} isOwner={isOwner} />
      </Suspense>
    );
  }
  return (
    <section aria-label={t.orderPanel} className="mt-6 rounded-xl border border-stone-200 bg-stone-50 p-4">
      {closed ? (
        <>
          <button type="button" className="btn-secondary w-full py-3" disabled>
            {t.closed}
          </button>
          <p className="mt-2 text-center text-sm text-stone-700">{t.closedSubtitle}</p>
        </>
      ) : (
        <>
          <button type="button" className="btn-primary w-full py-3" disabled>
            {t.noStock}
          </button>
          <p className="mt-2 text-center text-sm font-medium text-red-800">{t.noStockLabel}</p>
        </>
      )}
    </section>
  );
}

function attributeValue(key: AttributeKey, value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (key === 'alcoholicPercent') return `${value}%`;
  if (typeof value === 'number') return `${value} / 10`;
  return value;
}

function Features({ listing }: { listing: Listing }) {
  const keys: AttributeKey[] = ['alcoholicPercent', ...(isCategory(listing.category) ? (CATEGORY_ATTRIBUTES[listing.category] ?? []) : [])];
  const rows = keys.flatMap((key) => {
    const value = listing.attributes[key];
    return value === undefined || value === '' ? [] : [{ key, label: ATTRIBUTE_LABELS[key] ?? key, value: attributeValue(key, value) }];
  });
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-xl font-bold text-stone-900">
        {t.featuresHeading}
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border border-stone-200 bg-white p-5 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.key}>
            <dt className="text-xs font-medium tracking-wide text-stone-600 uppercase">{row.label}</dt>
            <dd className="mt-0.5 text-stone-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Delivery({ listing }: { listing: Listing }) {
  // The address may already end with its state and postcode (“Healesville VIC 3777”): add only what it lacks.
  const loc = listing.location;
  const place = loc ? [loc.address, ...[loc.state, loc.postcode].filter((part) => part && !loc.address.includes(part))].filter(Boolean).join(' ') : '';
  const methods: string[] = [];
  if (listing.pickupEnabled) methods.push(t.pickup);
  if (listing.shippingEnabled) methods.push(t.shipping);
  if (listing.listingType === 'service' && !place) return null;
  return (
    <section aria-labelledby="delivery-heading" className="card p-5">
      <h2 id="delivery-heading" className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
        {t.deliveryHeading}
      </h2>
      <ul className="mt-3 grid gap-1.5 text-sm text-stone-800">
        {listing.listingType === 'product' ? (methods.length > 0 ? methods.map((m) => <li key={m}>✓ {m}</li>) : <li>{t.noDelivery}</li>) : null}
        {place ? <li className="wrap-anywhere">{listing.listingType === 'service' ? t.basedIn(place) : t.from(place)}</li> : null}
        {listing.listingType === 'product' ? <li>{listing.visibleStates.length > 0 ? t.visibleIn(listing.visibleStates.join(', ')) : t.allStates}</li> : null}
      </ul>
    </section>
  );
}

function Availability({ listing }: { listing: Listing }) {
  const days = catalogUi.editor.days;
  return (
    <section aria-labelledby="availability-heading" className="card p-5">
      <h2 id="availability-heading" className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
        {t.availabilityHeading}
      </h2>
      <dl className="mt-3 grid gap-1.5 text-sm">
        {listing.availability.map((a) => (
          <div key={`${a.dayOfWeek}-${a.start}`} className="flex justify-between gap-4">
            <dt className="text-stone-700">{days[a.dayOfWeek] ?? a.dayOfWeek}</dt>
            <dd className="text-stone-900 tabular-nums">
              {a.start}–{a.end}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
