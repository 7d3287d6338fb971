import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '@caskade/kit/rules';
import { useBrands, type BrandCard } from '../api/catalog';
import { useCurrentUser } from '../api/session';
import { CardImage } from '../components/catalog/ListingImage';
import { InitialsAvatar } from '../components/catalog/SupplierName';
import { catalogUi } from '../i18n/catalogMessages';
import { categoryLink } from '../lib/searchQuery';
import { pathTo } from '../app/routes';
import { CheckIcon } from '../components/Icons';
import { SearchForm } from '../components/SearchForm';
import { usePlans, type Plan } from '../api/plans';
import { formatMoney, formatPercent } from '../i18n/format';
import { ui } from '../i18n/messages';

const CATEGORY_BLURBS: Record<Category, string> = {
  beer: 'Kegs, cans and bottles from independent breweries',
  cider: 'Apple and pear ciders from Australian orchards',
  'low-alcohol': 'Mid-strength and light options',
  mixer: 'Tonics, sodas and cocktail mixers',
  rtd: 'Ready-to-drink cans and bottles',
  spirit: 'Gin, whisky, rum and more from local distillers',
  wellness: 'Kombucha, functional and botanical drinks',
  wine: 'Small-batch wine by the bottle or keg',
  'zero-alcohol': 'Alcohol-free beer, wine and spirits',
};

/** Warm tints per category so the grid reads at a glance without images. */
const CATEGORY_TINTS = ['bg-amber-100', 'bg-lime-100', 'bg-sky-100', 'bg-teal-100', 'bg-rose-100', 'bg-orange-100', 'bg-emerald-100', 'bg-red-100', 'bg-stone-200'];

export default function LandingPage() {
  const { data: user } = useCurrentUser();
  return (
    <>
      <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-brand-50/60 to-stone-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[3fr_2fr] lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{ui.landing.heroEyebrow}</p>
            <h1 id="hero-heading" className="mt-3 max-w-2xl text-4xl font-bold tracking-tight text-balance text-stone-900 sm:text-5xl">
              {ui.landing.title}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-stone-700">{ui.landing.heroBody}</p>
            <SearchForm className="mt-8 max-w-xl" />
            <div className="mt-6 flex flex-wrap gap-3">
              {user ? null : (
                <Link to={pathTo('BuyerSignupPage')} className="btn-primary px-5 py-3 text-base">
                  {ui.landing.heroCta}
                </Link>
              )}
              <Link to={pathTo('SearchPage')} className="btn-secondary px-5 py-3 text-base">
                {ui.landing.heroSecondary}
              </Link>
            </div>
          </div>
          <div className="hidden lg:block">
            <HeroArt />
          </div>
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="categories-heading" className="text-2xl font-bold tracking-tight text-stone-900">
          {ui.landing.categoriesHeading}
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-5">
          {CATEGORIES.map((category, index) => (
            <li key={category}>
              <Link
                to={categoryLink(category)}
                className="group flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-xs transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
              >
                <span aria-hidden="true" className={`mb-3 inline-flex size-10 items-center justify-center rounded-lg text-lg font-bold text-stone-800 ${CATEGORY_TINTS[index % CATEGORY_TINTS.length] ?? ''}`}>
                  {CATEGORY_LABELS[category].slice(0, 1)}
                </span>
                <span className="font-semibold text-stone-900 group-hover:text-brand-800">{CATEGORY_LABELS[category]}</span>
                <span className="mt-1 text-sm text-stone-600">{CATEGORY_BLURBS[category]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <FeaturedSuppliers />

      <section aria-labelledby="trust-heading" className="border-y border-stone-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          <h2 id="trust-heading" className="sr-only">
            {ui.landing.trustHeading}
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {ui.landing.trust.map((line) => (
              <li key={line} className="flex items-start gap-3 text-sm text-stone-700">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                {line}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="suppliers-heading" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{ui.landing.supplierEyebrow}</p>
          <h2 id="suppliers-heading" className="mt-2 text-3xl font-bold tracking-tight text-stone-900">
            {ui.landing.supplierHeading}
          </h2>
          <p className="mt-4 text-lg text-stone-700">{ui.landing.supplierBody}</p>
        </div>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {ui.landing.supplierFeatures.map((feature) => (
            <li key={feature.title} className="card p-5">
              <h3 className="font-semibold text-stone-900">{feature.title}</h3>
              <p className="mt-1.5 text-sm text-stone-600">{feature.body}</p>
            </li>
          ))}
        </ul>

        <h3 className="mt-14 text-xl font-bold text-stone-900">{ui.landing.plansHeading}</h3>
        <p className="mt-1 text-sm text-stone-600">{ui.landing.plansNote}</p>
        <PlanList />
        <div className="mt-8">
          <Link to={pathTo('SupplierSignupPage')} className="btn-primary px-5 py-3 text-base">
            {ui.landing.supplierCta}
          </Link>
        </div>
      </section>
    </>
  );
}

const FEATURED_COUNT = 8;

const hasImage = (b: BrandCard): number => (b.logo ? 1 : 0);

/**
 * Featured suppliers (GET /api/brands: brands with live listings): those with a logo first, then
 * by name, which mixes producers and service providers; each links to its brand page.
 */
function FeaturedSuppliers() {
  const brands = useBrands();
  const [showAll, setShowAll] = useState(false);
  const sorted = [...(brands.data ?? [])].sort((a, b) => hasImage(b) - hasImage(a) || a.brandName.localeCompare(b.brandName));
  const featured = showAll ? sorted : sorted.slice(0, FEATURED_COUNT);
  if (featured.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading" className="mx-auto w-full max-w-7xl px-4 pb-14 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="featured-heading" className="text-2xl font-bold tracking-tight text-stone-900">
            {catalogUi.landing.featuredHeading}
          </h2>
          <p className="mt-1 text-stone-600">{catalogUi.landing.featuredIntro}</p>
        </div>
        {/* Every supplier with live listings, here (there is no separate supplier directory). */}
        {sorted.length > FEATURED_COUNT ? (
          <button type="button" className="link text-sm" aria-expanded={showAll} aria-controls="featured-suppliers" onClick={() => setShowAll((v) => !v)}>
            {showAll ? catalogUi.landing.fewerSuppliers : catalogUi.landing.allSuppliers(sorted.length)}
          </button>
        ) : null}
      </div>
      <ul id="featured-suppliers" className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {featured.map((brand) => (
          <li key={brand.id}>
            <SupplierCard brand={brand} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SupplierCard({ brand }: { brand: BrandCard }) {
  const name = brand.brandName || brand.displayName;
  const logo = brand.logo;
  return (
    <Link
      to={pathTo('ProfilePage', { id: brand.id })}
      className="flex h-full items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
    >
      {logo ? (
        <span className="block size-12 shrink-0 overflow-hidden rounded-full">
          <CardImage image={logo} alt="" sizes="3rem" />
        </span>
      ) : (
        <InitialsAvatar name={name} />
      )}
      <span className="min-w-0">
        <span className="block truncate font-semibold text-stone-900">{name}</span>
        <span className="line-clamp-1 text-sm text-stone-600">{brand.description || catalogUi.landing.products(brand.publishedListings)}</span>
      </span>
    </Link>
  );
}

function PlanList() {
  const plans = usePlans();
  // Four cards' height is kept while the plans load, so nothing below moves.
  return (
    <ul className="mt-6 grid min-h-[18rem] gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={plans.isPending}>
      {(plans.data ?? []).map((plan) => (
        <li key={plan.key}>
          <PlanCard plan={plan} featured={plan.key === 'medium'} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ plan, featured }: { plan: Plan; featured: boolean }) {
  return (
    <article
      aria-labelledby={`plan-${plan.key}`}
      className={`flex h-full flex-col rounded-2xl border bg-white p-6 shadow-xs ${featured ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200'}`}
    >
      <h4 id={`plan-${plan.key}`} className="text-base font-semibold text-stone-900">
        {plan.name}
      </h4>
      <p className="mt-1 text-sm text-stone-600">{plan.audience}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-stone-900">{formatMoney(plan.monthly.exGst, { dropWholeCents: true })}</span>
        <span className="text-sm text-stone-600">{ui.landing.perMonth}</span>
      </p>
      <p className="mt-1 text-xs text-stone-600">{ui.landing.plusGst(formatMoney(plan.monthly.gst))}</p>
      <ul className="mt-5 grid gap-2 text-sm text-stone-700">
        <li className="flex gap-2">
          <CheckIcon className="size-5 shrink-0 text-brand-700" />
          {plan.volumeCents === null ? ui.landing.unlimitedVolume : ui.landing.salesVolume(formatMoney(plan.volumeCents, { dropWholeCents: true }))}
        </li>
        <li className="flex gap-2">
          <CheckIcon className="size-5 shrink-0 text-brand-700" />
          {ui.landing.platformFee(formatPercent(plan.platformFee))}
        </li>
      </ul>
    </article>
  );
}

/** A simple illustrative panel: a stylised order summary across suppliers. */
function HeroArt() {
  const rows = [
    { name: 'Pale ale · 50 L keg', supplier: 'Harbour Brewing Co.', price: 24500 },
    { name: 'Shiraz 2022 · 6 × 750 ml', supplier: 'Red Gum Estate', price: 16200 },
    { name: 'Dry gin · 6 × 700 ml', supplier: 'Southern Still', price: 38400 },
  ];
  return (
    <div aria-hidden="true" className="rotate-1 rounded-2xl border border-stone-200 bg-white p-6 shadow-xl">
      <p className="text-sm font-semibold text-stone-900">One cart, three suppliers</p>
      <ul className="mt-4 divide-y divide-stone-100">
        {rows.map((row) => (
          <li key={row.name} className="flex items-center justify-between gap-4 py-3">
            <div>
              <p className="text-sm font-medium text-stone-900">{row.name}</p>
              <p className="text-xs text-stone-600">{row.supplier}</p>
            </div>
            <p className="text-sm font-semibold text-stone-900">{formatMoney(row.price)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-center justify-between rounded-lg bg-brand-50 px-4 py-3">
        <span className="text-sm text-brand-900">Pay on 30-day terms</span>
        <span className="text-sm font-bold text-brand-900">{formatMoney(79100)}</span>
      </div>
    </div>
  );
}
