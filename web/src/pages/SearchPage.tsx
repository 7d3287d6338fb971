/**
 * Search (/s): 24 listings a page with stock only, filters pub_brand, pub_category, pub_type,
 * pub_style, pub_services, keywords and price (min,max dollars), five sorts, result count and
 * pagination. The URL query is the whole state; under 768 px the filters open in a modal.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AU_STATES, CATEGORIES, CATEGORY_LABELS, type AuState, type Category } from '@caskade/kit/rules';
import { useBrands, useSearchListings } from '../api/catalog';
import { ListingCard } from '../components/catalog/ListingCard';
import { PageOutOfRange } from '../components/catalog/PageOutOfRange';
import { Pagination } from '../components/catalog/Pagination';
import { FieldError, FormMessage } from '../components/Field';
import { Modal } from '../components/Modal';
import { PageContainer } from '../components/PageLayout';
import { KEEP_SCROLL } from '../components/ScrollManager';
import { Spinner } from '../components/Spinner';
import { SORT_LABELS, catalogUi } from '../i18n/catalogMessages';
import { messageFor } from '../i18n/messages';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import {
  EMPTY_SEARCH, activeFilterCount, parseSearch, searchParamsOf, styleOptions, typeOptions, withFilters, type SearchState,
} from '../lib/searchQuery';
import { SERVICE_CATEGORIES, SERVICE_CATEGORY_LABELS, SORT_OPTIONS, dollarsToCents, optionLabel, type SortOption } from '@caskade/catalog/domain';

const t = catalogUi.search;

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = parseSearch(params);
  const apiQuery = searchParamsOf(state).toString();
  const results = useSearchListings(apiQuery);
  const [filtersOpen, setFiltersOpen] = useState(false);
  useDocumentTitle(state.keywords ? `${state.keywords} · ${t.title}` : t.title);

  const update = (patch: Partial<Omit<SearchState, 'page'>>) => setParams(searchParamsOf(withFilters(state, patch)), { state: KEEP_SCROLL });
  const hrefFor = (page: number) => {
    const query = searchParamsOf({ ...state, page }).toString();
    return query ? `/s?${query}` : '/s';
  };

  const data = results.data;
  const total = data?.pagination.totalItems ?? 0;
  const filterCount = activeFilterCount(state);

  return (
    <PageContainer className="!py-8">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-stone-200 pb-5">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-stone-900 sm:text-3xl">
            {state.keywords ? t.headingFor(state.keywords) : t.heading}
          </h1>
          <p role="status" aria-live="polite" className="mt-1 text-sm text-stone-600">
            {data ? t.results(total) : results.isPending ? t.updating : ''}
            {data ? <span className="sr-only">. {t.inStockOnly}</span> : null}
          </p>
        </div>
        <div className="flex w-full items-end gap-3 sm:w-auto">
          <button
            type="button"
            className="btn-secondary flex-1 md:hidden"
            onClick={() => setFiltersOpen(true)}
            aria-haspopup="dialog"
          >
            <FilterIcon />
            {t.filtersWithCount(filterCount)}
          </button>
          <SortSelect value={state.sort} onChange={(sort) => update({ sort })} />
        </div>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-8 md:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[17rem_minmax(0,1fr)]">
        <aside aria-label={t.filters} className="hidden md:block">
          <h2 className="mb-4 text-base font-semibold text-stone-900">{t.filters}</h2>
          <SearchFilters state={state} update={update} />
        </aside>

        <section aria-labelledby="search-results-heading" aria-busy={results.isFetching || undefined}>
          {/* Cards' titles (h3) sit under this heading, not straight under the page's h1 (the filters' h2 is hidden on phones). */}
          <h2 id="search-results-heading" className="sr-only">
            {t.resultsLabel}
          </h2>
          <AppliedFilters state={state} update={update} />
          {results.isPending ? <Spinner label={t.updating} /> : null}
          {results.isError && !data ? (
            <div className="grid gap-3">
              <FormMessage tone="error">{t.error}</FormMessage>
              <button type="button" className="btn-secondary justify-self-start" onClick={() => void results.refetch()}>
                {t.retry}
              </button>
            </div>
          ) : null}
          {data && data.listings.length === 0 && total > 0 ? <PageOutOfRange firstPageHref={hrefFor(1)} /> : null}
          {data && data.listings.length === 0 && total === 0 ? (
            <div className="card px-6 py-12 text-center">
              <h2 className="text-lg font-semibold text-stone-900">{t.noResultsTitle}</h2>
              <p className="mt-2 text-stone-600">{t.noResultsBody}</p>
              {filterCount > 0 || state.keywords ? (
                <Link to="/s" className="btn-secondary mt-6">
                  {t.clearAll}
                </Link>
              ) : null}
            </div>
          ) : null}
          {data && data.listings.length > 0 ? (
            <>
              <ul className={`grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4 ${results.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
                {data.listings.map((listing, index) => (
                  <li key={listing.id}>
                    {/* The first row (two cards on a phone) holds the page's largest image: fetched first, not lazily. */}
                    <ListingCard listing={listing} priority={index < 2} />
                  </li>
                ))}
              </ul>
              <Pagination className="mt-10" page={data.pagination.page} totalPages={data.pagination.totalPages} hrefFor={hrefFor} />
            </>
          ) : null}
        </section>
      </div>

      {filtersOpen ? (
        <Modal title={t.filters} onClose={() => setFiltersOpen(false)} variant="sheet">
          <div className="flex min-h-full flex-col gap-6">
            <SearchFilters state={state} update={update} idPrefix="mobile" />
            <div className="sticky bottom-0 mt-auto grid gap-2 border-t border-stone-200 bg-white pt-4 pb-1">
              <button type="button" className="btn-primary w-full py-3" onClick={() => setFiltersOpen(false)}>
                {results.isFetching ? t.updating : t.showResults(total)}
              </button>
              {filterCount > 0 ? (
                <button type="button" className="btn-ghost w-full" onClick={() => setParams(searchParamsOf({ ...EMPTY_SEARCH, keywords: state.keywords, sort: state.sort }), { state: KEEP_SCROLL })}>
                  {t.clearAll}
                </button>
              ) : null}
            </div>
          </div>
        </Modal>
      ) : null}
    </PageContainer>
  );
}

function SortSelect({ value, onChange }: { value: SortOption; onChange: (sort: SortOption) => void }) {
  const id = useId();
  return (
    <div className="flex-1 sm:flex-none">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-stone-700">
        {t.sort}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as SortOption)} className="input py-2 sm:w-48">
        {SORT_OPTIONS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

type Update = (patch: Partial<Omit<SearchState, 'page'>>) => void;

function SearchFilters({ state, update, idPrefix = 'side' }: { state: SearchState; update: Update; idPrefix?: string }) {
  const brands = useBrands();
  const types = typeOptions(state.categories);
  const styles = styleOptions(state.categories);
  const toggle = (list: readonly string[], value: string, on: boolean): string[] => (on ? [...list, value] : list.filter((v) => v !== value));
  const brandOptions = (brands.data ?? []).map((b) => ({ value: b.id, label: b.brandName || b.displayName }));

  return (
    <div className="grid gap-6">
      {/* Remount with the URL's values after back/forward. */}
      <KeywordsFilter key={`k-${state.keywords}`} value={state.keywords} onApply={(keywords) => update({ keywords })} idPrefix={idPrefix} />
      <CheckList
        legend={t.category}
        name={`${idPrefix}-category`}
        options={CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        selected={state.categories}
        onToggle={(value, on) => update({ categories: toggle(state.categories, value, on) as Category[] })}
      />
      {types.length > 0 ? (
        <CheckList
          legend={t.type}
          name={`${idPrefix}-type`}
          options={types.map((v) => ({ value: v, label: optionLabel(v) }))}
          selected={state.types}
          onToggle={(value, on) => update({ types: toggle(state.types, value, on) })}
        />
      ) : null}
      {styles.length > 0 ? (
        <CheckList
          legend={t.style}
          name={`${idPrefix}-style`}
          options={styles.map((v) => ({ value: v, label: optionLabel(v) }))}
          selected={state.styles}
          onToggle={(value, on) => update({ styles: toggle(state.styles, value, on) })}
        />
      ) : null}
      <PriceFilter key={`p-${state.priceMin}-${state.priceMax}`} min={state.priceMin} max={state.priceMax} onApply={(priceMin, priceMax) => update({ priceMin, priceMax })} idPrefix={idPrefix} />
      <BrandFilter options={brandOptions} selected={state.brands} onChange={(id) => update({ brands: id ? [id] : [] })} idPrefix={idPrefix} />
      <DeliverToFilter value={state.deliverTo} onChange={(deliverTo) => update({ deliverTo })} idPrefix={idPrefix} />
      <CheckList
        legend={t.services}
        name={`${idPrefix}-services`}
        options={SERVICE_CATEGORIES.map((s) => ({ value: s, label: SERVICE_CATEGORY_LABELS[s] }))}
        selected={state.services}
        onToggle={(value, on) => update({ services: toggle(state.services, value, on) })}
      />
    </div>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-stone-200 pt-4">
      <legend className="float-left mb-2 w-full text-sm font-semibold text-stone-900">{legend}</legend>
      <div className="clear-left">{children}</div>
    </fieldset>
  );
}

function CheckList({ legend, name, options, selected, onToggle }: { legend: string; name: string; options: { value: string; label: string }[]; selected: readonly string[]; onToggle: (value: string, on: boolean) => void }) {
  return (
    <FilterGroup legend={legend}>
      <ul className="grid gap-0.5">
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <li key={option.value}>
              <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-1.5 py-1.5 text-sm text-stone-800 hover:bg-stone-100">
                <input
                  type="checkbox"
                  name={name}
                  value={option.value}
                  checked={checked}
                  onChange={(event) => onToggle(option.value, event.target.checked)}
                  className="size-4 shrink-0 accent-brand-700"
                />
                {option.label}
              </label>
            </li>
          );
        })}
      </ul>
    </FilterGroup>
  );
}

function KeywordsFilter({ value, onApply, idPrefix }: { value: string; onApply: (keywords: string) => void; idPrefix: string }) {
  const [keywords, setKeywords] = useState(value);
  const id = `${idPrefix}-keywords`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(keywords.trim());
  };
  return (
    <form onSubmit={submit} className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-900">
        {t.keywords}
      </label>
      <div className="flex gap-2">
        <input id={id} type="search" value={keywords} onChange={(event) => setKeywords(event.target.value)} placeholder={t.keywordsPlaceholder} maxLength={200} className="input min-w-0" />
        <button type="submit" className="btn-secondary px-3">
          {t.apply}
        </button>
      </div>
    </form>
  );
}

function PriceFilter({ min, max, onApply, idPrefix }: { min: string; max: string; onApply: (min: string, max: string) => void; idPrefix: string }) {
  const [values, setValues] = useState({ min, max });
  const [error, setError] = useState<string | null>(null);
  const errorId = `${idPrefix}-price-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lo = values.min.trim();
    const hi = values.max.trim();
    const loCents = lo ? dollarsToCents(lo) : 0;
    const hiCents = hi ? dollarsToCents(hi) : Number.MAX_SAFE_INTEGER;
    if (loCents === null || hiCents === null) return setError(t.priceInvalid);
    if (loCents > hiCents) return setError(messageFor('validation.priceRangeInvalid'));
    setError(null);
    onApply(lo, hi);
  };
  const invalid = error ? true : undefined;
  return (
    <FilterGroup legend={t.price}>
      <form onSubmit={submit} noValidate className="grid gap-2">
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor={`${idPrefix}-price-min`}>
            {t.priceMin}
          </label>
          <input
            id={`${idPrefix}-price-min`}
            inputMode="decimal"
            placeholder={t.priceMinShort}
            value={values.min}
            onChange={(event) => setValues((v) => ({ ...v, min: event.target.value }))}
            aria-invalid={invalid}
            aria-describedby={error ? errorId : undefined}
            className="input min-w-0"
          />
          <span aria-hidden="true" className="text-stone-500">
            –
          </span>
          <label className="sr-only" htmlFor={`${idPrefix}-price-max`}>
            {t.priceMax}
          </label>
          <input
            id={`${idPrefix}-price-max`}
            inputMode="decimal"
            placeholder={t.priceMaxShort}
            value={values.max}
            onChange={(event) => setValues((v) => ({ ...v, max: event.target.value }))}
            aria-invalid={invalid}
            aria-describedby={error ? errorId : undefined}
            className="input min-w-0"
          />
          <button type="submit" className="btn-secondary px-3">
            {t.apply}
          </button>
        </div>
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      </form>
    </FilterGroup>
  );
}

function BrandFilter({ options, selected, onChange, idPrefix }: { options: { value: string; label: string }[]; selected: readonly string[]; onChange: (id: string) => void; idPrefix: string }) {
  const id = `${idPrefix}-brand`;
  const value = selected.length === 1 ? (selected[0] ?? '') : '';
  return (
    <div className="grid gap-1.5 border-t border-stone-200 pt-4">
      <label htmlFor={id} className="text-sm font-semibold text-stone-900">
        {t.brand}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className="input">
        <option value="">{t.allBrands}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Suppliers may offer a listing in some states only: a buyer sees what they can order where they trade. */
function DeliverToFilter({ value, onChange, idPrefix }: { value: AuState | ''; onChange: (state: AuState | '') => void; idPrefix: string }) {
  const id = `${idPrefix}-deliver-to`;
  return (
    <div className="grid gap-1.5 border-t border-stone-200 pt-4">
      <label htmlFor={id} className="text-sm font-semibold text-stone-900">
        {t.deliverTo}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(AU_STATES.find((s) => s === event.target.value) ?? '')} className="input">
        <option value="">{t.deliverToAnywhere}</option>
        {AU_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Chips for each applied filter, each removable, plus "Clear all". */
function AppliedFilters({ state, update }: { state: SearchState; update: Update }) {
  const brands = useBrands();
  const brandName = (id: string) => brands.data?.find((b) => b.id === id)?.brandName ?? t.brand;
  const chips: { key: string; label: string; remove: () => void }[] = [
    ...state.categories.map((c) => ({ key: `c-${c}`, label: CATEGORY_LABELS[c], remove: () => update({ categories: state.categories.filter((v) => v !== c) }) })),
    ...state.types.map((v) => ({ key: `t-${v}`, label: optionLabel(v), remove: () => update({ types: state.types.filter((x) => x !== v) }) })),
    ...state.styles.map((v) => ({ key: `s-${v}`, label: optionLabel(v), remove: () => update({ styles: state.styles.filter((x) => x !== v) }) })),
    ...state.services.map((v) => ({
      key: `v-${v}`,
      label: SERVICE_CATEGORY_LABELS[v as keyof typeof SERVICE_CATEGORY_LABELS] ?? v,
      remove: () => update({ services: state.services.filter((x) => x !== v) }),
    })),
    ...state.brands.map((id) => ({ key: `b-${id}`, label: brandName(id), remove: () => update({ brands: state.brands.filter((x) => x !== id) }) })),
    ...(state.deliverTo ? [{ key: 'deliver-to', label: t.deliverToChip(state.deliverTo), remove: () => update({ deliverTo: '' }) }] : []),
    ...(state.priceMin || state.priceMax
      ? [{ key: 'price', label: `$${state.priceMin || '0'} – ${state.priceMax ? `$${state.priceMax}` : '…'}`, remove: () => update({ priceMin: '', priceMax: '' }) }]
      : []),
  ];
  if (chips.length === 0) return null;
  return (
    <ul className="mb-5 flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key} className="max-w-full">
          <button
            type="button"
            onClick={chip.remove}
            className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-left text-sm wrap-anywhere text-brand-900 hover:border-brand-400"
            aria-label={t.removeFilter(chip.label)}
          >
            {chip.label}
            <span aria-hidden="true" className="text-base leading-none">
              ×
            </span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="link text-sm" onClick={() => update({ brands: [], categories: [], types: [], styles: [], services: [], deliverTo: '', priceMin: '', priceMax: '' })}>
          {t.clearAll}
        </button>
      </li>
    </ul>
  );
}

function FilterIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}
