/**
 * A public profile (/u/{id}); for suppliers the brand page: header image (16:9), logo, name,
 * description, collections (at most 4, unique names), delivery and discount notes and the
 * published products (sold-out ones marked out of stock), newest first, 24 a page (`?page=`, as
 * search), grouped by collection within the page. Banned and deleted users show a placeholder
 * avatar and name (Banned user, Deleted user) and nothing else.
 */
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { isApiError } from '../api/client';
import { usePublicUser, useSearchListings, type ListingCard as ListingCardData, type PublicUser } from '../api/catalog';
import { useCurrentUser } from '../api/session';
import { ListingCard } from '../components/catalog/ListingCard';
import { CardImage, ScaledImage } from '../components/catalog/ListingImage';
import { Pagination } from '../components/catalog/Pagination';
import { InitialsAvatar, supplierDisplayName } from '../components/catalog/SupplierName';
import { MessageButton } from '../components/messaging/MessageButton';
import { FormMessage } from '../components/Field';
import { ReviewsSection } from '../components/reviews/ReviewsSection';
import { NotFoundView } from '../components/NotFoundView';
import { PageContainer } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { catalogUi } from '../i18n/catalogMessages';
import { formatDate } from '../i18n/format';
import { parsePage } from '../lib/pagination';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { MAX_COLLECTIONS, SEARCH_PAGE_SIZE } from '@caskade/catalog/domain';

const t = catalogUi.profile;
const BIO_LIMIT = 170;

export default function ProfilePage() {
  const { id = '' } = useParams();
  const user = usePublicUser(id);
  if (user.isPending) return <Spinner />;
  if (user.isError) {
    if (isApiError(user.error) && (user.error.status === 404 || user.error.status === 400)) return <NotFoundView />;
    return (
      <PageContainer width="medium">
        <FormMessage tone="error">{catalogUi.common.loadFailed}</FormMessage>
      </PageContainer>
    );
  }
  return <Profile user={user.data} />;
}

/** Unique collection names, case and spacing ignored, at most 4. */
export function uniqueCollections(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const clean = name.trim().replace(/\s+/g, ' ');
    const key = clean.toLowerCase();
    if (!clean || seen.has(key)) continue;
    seen.add(key);
    out.push(clean);
  }
  return out.slice(0, MAX_COLLECTIONS);
}

function Profile({ user }: { user: PublicUser }) {
  const { data: me } = useCurrentUser();
  const name = supplierDisplayName(user, user.displayName);
  useDocumentTitle(name);
  const gone = user.banned || user.deleted;
  const brand = gone ? null : user.brand;
  const logo = brand?.logo ?? brand?.profileImage ?? null;

  if (gone) {
    return (
      <PageContainer width="medium" className="text-center">
        <InitialsAvatar name="?" className="size-24 text-3xl" />
        <h1 className="mt-4 text-3xl font-bold text-stone-900">{name}</h1>
        <p className="mt-2 text-stone-600">{t.unavailable}</p>
      </PageContainer>
    );
  }

  return (
    <>
      {brand?.headerImage ? (
        <div className="mx-auto w-full max-w-7xl px-0 sm:px-6 sm:pt-6 lg:px-8" data-testid="brand-header">
          {/* The content column's width, so the logo below sits on it; 16:9 on phones, a banner
              (3:1, the upload's middle) from 640 px, so the header never fills the screen. */}
          <div className="aspect-video w-full overflow-hidden bg-stone-200 sm:aspect-[3/1] sm:rounded-2xl">
            <ScaledImage image={brand.headerImage} alt="" sizes="(min-width: 1280px) 1216px, 100vw" eager className="size-full object-cover" />
          </div>
        </div>
      ) : null}
      <PageContainer className="!pt-6">
        <header className="flex flex-wrap items-end gap-5">
          <div className={`shrink-0 overflow-hidden rounded-2xl border-4 border-white bg-white shadow-md ${brand?.headerImage ? '-mt-16 sm:-mt-20 sm:ml-4' : ''}`} data-testid="brand-logo">
            {logo ? <CardImage image={logo} alt={t.logoAlt(name)} className="!size-24 sm:!size-32" /> : <InitialsAvatar name={name} className="size-24 rounded-2xl text-3xl sm:size-32" />}
          </div>
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold tracking-tight wrap-anywhere text-stone-900 sm:text-4xl">{name}</h1>
            <p className="mt-1 text-sm text-stone-600">
              {brand ? `${t.listings(brand.publishedListings)} · ` : ''}
              {t.memberSince(formatDate(user.createdAt))}
            </p>
          </div>
          {me?.id === user.id ? (
            <Link to="/profile-settings" className="btn-secondary">
              {t.editProfile}
            </Link>
          ) : user.role === 'supplier' && me?.role !== 'supplier' ? (
            <MessageButton otherUserId={user.id} />
          ) : null}
        </header>

        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            <Bio text={brand?.description || user.bio} />
          </div>
          {brand && (brand.deliveryNotes || brand.discountNotes) ? (
            <div className="grid min-w-0 content-start gap-4">
              {brand.deliveryNotes ? <Note title={t.deliveryHeading} text={brand.deliveryNotes} /> : null}
              {brand.discountNotes ? <Note title={t.discountHeading} text={brand.discountNotes} /> : null}
            </div>
          ) : null}
        </div>

        {user.role === 'supplier' ? <Products userId={user.id} collections={uniqueCollections(brand?.collections ?? [])} /> : null}
        <ReviewsSection of={{ subjectId: user.id }} className="mt-12" />
      </PageContainer>
    </>
  );
}

function Bio({ text }: { text: string }) {
  const [full, setFull] = useState(false);
  if (!text) return null;
  const long = text.length > BIO_LIMIT;
  return (
    <div>
      <p id="bio" className="whitespace-pre-line text-lg wrap-anywhere text-stone-700">
        {long && !full ? `${text.slice(0, BIO_LIMIT).trimEnd()}…` : text}
      </p>
      {long ? (
        <button type="button" className="link mt-2 text-sm" aria-expanded={full} aria-controls="bio" onClick={() => setFull((v) => !v)}>
          {full ? t.showLess : t.showMore}
        </button>
      ) : null}
    </div>
  );
}

function Note({ title, text }: { title: string; text: string }) {
  return (
    <section className="card p-5">
      <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{title}</h2>
      <p className="mt-2 whitespace-pre-line text-sm wrap-anywhere text-stone-800">{text}</p>
    </section>
  );
}

/**
 * The supplier's published products, sold-out ones included (search by brand with
 * includeSoldOut), newest first, one page of 24 at a time;
 * each page's products are grouped by the brand's collections. Page links keep the reader at the
 * products heading.
 */
function Products({ userId, collections }: { userId: string; collections: string[] }) {
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  // Sold-out products too (includeSoldOut, one pub_brand): their cards say "Out of stock".
  const results = useSearchListings(
    new URLSearchParams({ pub_brand: userId, includeSoldOut: 'true', sort: 'createdAt', page: String(page), perPage: String(SEARCH_PAGE_SIZE) }).toString(),
  );
  const listings = results.data?.listings ?? [];
  const pagination = results.data?.pagination;
  const hrefFor = (p: number) => `/u/${encodeURIComponent(userId)}${p > 1 ? `?page=${p}` : ''}#products-heading`;
  const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  const groups: { name: string | null; items: ListingCardData[] }[] = collections.map((name) => ({ name, items: listings.filter((l) => key(l.collection) === key(name)) }));
  const grouped = new Set(groups.flatMap((g) => g.items.map((l) => l.id)));
  const rest = listings.filter((l) => !grouped.has(l.id));
  return (
    <section aria-labelledby="products-heading" className="mt-12">
      <h2 id="products-heading" className="text-2xl font-bold tracking-tight text-stone-900">
        {t.productsHeading}
      </h2>
      {collections.length > 0 ? (
        <nav aria-label={t.collectionsHeading} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {collections.map((name, i) => (
              <li key={name}>
                {/* A collection with products on this page links to them; otherwise it is just its name. */}
                {(groups[i]?.items.length ?? 0) > 0 ? (
                  <a href={`#collection-${i}`} className="inline-flex rounded-full border border-stone-300 bg-white px-3 py-1 text-sm font-medium text-stone-800 hover:border-brand-400">
                    {name}
                  </a>
                ) : (
                  <span className="inline-flex rounded-full border border-stone-200 bg-stone-50 px-3 py-1 text-sm text-stone-600">{name}</span>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {results.isPending ? <Spinner /> : null}
      {results.isError ? <FormMessage tone="error">{catalogUi.common.loadFailed}</FormMessage> : null}
      {results.isSuccess && listings.length === 0 && (pagination?.totalItems ?? 0) === 0 ? <p className="mt-4 text-stone-600">{t.noProducts}</p> : null}
      {/* A page past the end (an old link, or products sold out since). */}
      {results.isSuccess && listings.length === 0 && (pagination?.totalItems ?? 0) > 0 ? (
        <p className="mt-4 text-stone-600">
          {t.noProductsOnPage}{' '}
          <Link to={hrefFor(1)} className="link">
            {t.firstProductsPage}
          </Link>
        </p>
      ) : null}
      <div className={results.isPlaceholderData ? 'opacity-60' : undefined}>
        {groups.map((group, i) =>
          group.items.length > 0 ? (
            <div key={group.name} className="mt-8">
              <h3 id={`collection-${i}`} className="text-lg font-semibold text-stone-900">
                {group.name}
              </h3>
              <ProductGrid items={group.items} />
            </div>
          ) : null,
        )}
        {rest.length > 0 ? (
          <div className="mt-8">
            {grouped.size > 0 ? <h3 className="text-lg font-semibold text-stone-900">{t.moreProducts}</h3> : null}
            <ProductGrid items={rest} />
          </div>
        ) : null}
      </div>
      {pagination ? <Pagination className="mt-10" page={page} totalPages={pagination.totalPages} hrefFor={hrefFor} /> : null}
    </section>
  );
}

function ProductGrid({ items }: { items: ListingCardData[] }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {items.map((listing) => (
        <li key={listing.id}>
          <ListingCard listing={listing} showBrand={false} />
        </li>
      ))}
    </ul>
  );
}
