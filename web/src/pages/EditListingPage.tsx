/**
 * The edit-listing wizard: /l/new opens it at /l/draft/{zero id}/new/details; a draft is edited
 * at /l/{slug}/{id}/draft/{tab} step by step (save & continue, publish at the end), a live
 * listing at /l/{slug}/{id}/edit/{tab} (save in place). Steps: Details, Features, Pricing & Stock,
 * Disclaimer, Location, Delivery, Availability (services), Photos.
 */
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import {
  afterListingWrite, catalogKeys, publishListing, useCreateListing, useListingAction, useOwnListing, usePublicUser, useUpdateListing, type Listing, type ListingFieldsBody,
} from '../api/catalog';
import { useCurrentUser } from '../api/session';
import { StateBadge } from '../components/catalog/StateBadge';
import { FormMessage } from '../components/Field';
import { CheckIcon } from '../components/Icons';
import { PageContainer } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { catalogUi } from '../i18n/catalogMessages';
import { errorCodeMessage } from '../i18n/messages';
import { editListingPath, isEditTab, listingPath, newListingPath, type EditTab } from '../lib/listingPaths';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { PhotosStep } from './editListing/PhotosStep';
import { PricingStep } from './editListing/PricingStep';
import { StepCtx, approvalWording, type SaveOutcome, type StepContext } from './editListing/StepForm';
import { AvailabilityStep, DeliveryStep, DetailsStep, DisclaimerStep, FeaturesStep, LocationStep } from './editListing/steps';
import { fieldsOf, incompleteSteps, nextStep, stepsFor } from './editListing/wizard';
import type { PublishedState } from './ListingPage';
import { type ListingType } from '@caskade/catalog/domain';
import { listingActions } from '../lib/listingActions';

const t = catalogUi.editor;

export default function EditListingPage() {
  const { slug = '', id = '', type = '', tab } = useParams();
  const isNew = type === 'new';
  const own = useOwnListing(isNew ? null : id);

  if (isNew) {
    if (tab !== 'details') return <Navigate to={newListingPath()} replace />;
    return <Editor listing={null} tab="details" />;
  }
  if (own.isPending) return <Spinner />;
  if (own.isError) {
    const missing = isApiError(own.error) && [400, 403, 404].includes(own.error.status);
    return (
      <PageContainer width="medium">
        <FormMessage tone="error">{missing ? t.notFound : isApiError(own.error) ? errorCodeMessage(own.error.code) : catalogUi.common.loadFailed}</FormMessage>
        <Link to="/listings" className="btn-secondary mt-6">
          {catalogUi.manage.title}
        </Link>
      </PageContainer>
    );
  }
  const listing = own.data;
  const steps = stepsFor(listing.listingType);
  const step: EditTab = isEditTab(tab) && steps.includes(tab) ? tab : 'details';
  // Keep the address on the listing's current slug and on a step it has. The type segment may be
  // draft or edit whatever the state (publishing changes the state while this page is still up).
  const expected = type === 'draft' || type === 'edit' ? `/l/${listing.slug}/${listing.id}/${type}/${step}` : editListingPath(listing, step);
  if (`/l/${slug}/${id}/${type}/${tab ?? ''}` !== expected) return <Navigate to={expected} replace />;
  return <Editor listing={listing} tab={step} />;
}

function Editor({ listing, tab }: { listing: Listing | null; tab: EditTab }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const brand = usePublicUser(user?.id);
  const create = useCreateListing();
  const update = useUpdateListing();
  const action = useListingAction();
  const [newKind, setNewKind] = useState<ListingType>('product');
  const [flash, setFlash] = useState<{ tab: EditTab; message: string; tone: 'success' | 'error' } | null>(null);
  // Bumped after a save in place or a reload: the step remounts from the saved values. Never
  // during a save, so a step keeps its state (and its errors) while its calls run.
  const [generation, setGeneration] = useState(0);
  useDocumentTitle(listing ? t.editTitle(listing.title) : t.newTitle);

  const listingType = listing?.listingType ?? newKind;
  const steps = stepsFor(listingType);
  const fields = fieldsOf(listing, listingType);
  const incomplete = listing ? incompleteSteps(fields) : steps.filter((s) => s !== 'details');
  const mode: StepContext['mode'] = !listing || listing.state === 'draft' ? 'wizard' : 'edit';

  const failure = (error: unknown): SaveOutcome => {
    if (isApiError(error)) {
      const fields = error.fields;
      return { ok: false, fields, message: Object.keys(fields).length > 0 ? null : errorCodeMessage(error.code) };
    }
    return { ok: false, fields: {}, message: catalogUi.editor.saveFailed };
  };

  const ctx: StepContext = {
    listing,
    fields,
    listingType,
    step: tab,
    mode,
    brandCollections: brand.data?.brand?.collections ?? [],
    // One request per save: fields and stock together, atomically (the stock by compare-and-set).
    save: async (patch: ListingFieldsBody, stock) => {
      let current = listing;
      try {
        if (!current) current = await create.mutateAsync({ ...patch, listingType: newKind, ...(stock ? { stockQuantity: stock.newTotal } : {}) });
        else if (Object.keys(patch).length > 0 || stock) current = await update.mutateAsync({ id: current.id, fields: patch, ...(stock ? { stock } : {}) });
      } catch (error) {
        if (stock && isApiError(error) && error.code === 'old-total-mismatch') {
          const currentTotal = Number(error.meta?.['currentTotal']);
          return { ok: false, fields: {}, message: null, stockMismatch: Number.isFinite(currentTotal) ? currentTotal : stock.oldTotal };
        }
        return failure(error);
      }
      return current ? { ok: true, listing: current } : { ok: false, fields: {}, message: catalogUi.editor.saveFailed };
    },
    done: (saved) => {
      if (mode === 'wizard') {
        const next = nextStep(saved.listingType, tab);
        void navigate(editListingPath(saved, next ?? tab));
      } else {
        // A supplier whose listings are checked first sends an edited live listing back for approval (ADR 015).
        const backForApproval = saved.state === 'pendingApproval' && listing?.state !== 'pendingApproval';
        setFlash({ tab, message: backForApproval ? approvalWording.savedForApproval : t.saved, tone: 'success' });
        setGeneration((g) => g + 1);
      }
    },
    flash: (message) => setFlash(message ? { tab, message, tone: 'success' } : null),
    reload: async () => {
      if (listing) await queryClient.refetchQueries({ queryKey: catalogKeys.ownListing(listing.id) });
      setGeneration((g) => g + 1);
    },
  };

  const publish = async () => {
    if (!listing) return null;
    try {
      const published = await publishListing(listing.id);
      const state: PublishedState = { published: published.state === 'published' ? 'published' : 'pendingApproval' };
      // Leave the editor before the cache learns the new state: this page would otherwise
      // re-address itself to the live listing's edit URL first.
      await navigate(listingPath(published), { state });
      afterListingWrite(queryClient, published);
      return null;
    } catch (error) {
      const out = failure(error);
      return out.ok ? null : { fields: out.fields, message: out.message };
    }
  };

  const toggleOpen = (which: 'close' | 'open') => {
    if (!listing) return;
    action.mutate(
      { id: listing.id, action: which },
      {
        onSuccess: (l) => setFlash({ tab, message: which === 'close' ? catalogUi.manage.closed(l.title) : catalogUi.manage.opened(l.title), tone: 'success' }),
        onError: (error) => setFlash({ tab, message: isApiError(error) ? errorCodeMessage(error.code) : catalogUi.common.loadFailed, tone: 'error' }),
      },
    );
  };

  const index = steps.indexOf(tab);
  const stepKey = `${listing?.id ?? 'new'}:${tab}:${generation}`;

  return (
    <PageContainer className="!py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          {listing ? (
            <p className="mb-2">
              <StateBadge state={listing.state} />
            </p>
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight text-balance wrap-anywhere text-stone-900 sm:text-3xl">{listing ? t.editTitle(listing.title) : t.newTitle}</h1>
        </div>
        {listing ? (
          <div className="flex flex-wrap gap-2">
            <Link to={listingPath(listing)} className="btn-secondary">
              {listing.state === 'published' || listing.state === 'closed' ? t.viewListing : t.preview}
            </Link>
            {listingActions(listing.allowedTransitions).close ? (
              <button type="button" className="btn-secondary" disabled={action.isPending} onClick={() => toggleOpen('close')}>
                {t.close}
              </button>
            ) : null}
            {listingActions(listing.allowedTransitions).open ? (
              <button type="button" className="btn-secondary" disabled={action.isPending} onClick={() => toggleOpen('open')}>
                {t.open}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>

      {listing?.state === 'draft' && listing.rejectionReason ? (
        <div className="mt-5">
          <FormMessage tone="info">{t.rejected(listing.rejectionReason)}</FormMessage>
        </div>
      ) : null}
      {listing?.state === 'closed' ? (
        <div className="mt-5">
          <FormMessage tone="info">{t.closedNote}</FormMessage>
        </div>
      ) : null}

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label={t.steps} className="min-w-0">
          <ol className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:grid lg:gap-1 lg:overflow-visible lg:px-0">
            {steps.map((step, i) => {
              const current = step === tab;
              const done = !incomplete.includes(step);
              const label = (
                <>
                  <span
                    aria-hidden="true"
                    className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                      current ? 'bg-brand-700 text-white' : done ? 'bg-emerald-100 text-emerald-800' : 'bg-stone-200 text-stone-700'
                    }`}
                  >
                    {done && !current ? <CheckIcon className="size-4" /> : i + 1}
                  </span>
                  <span>{t.stepLabels[step]}</span>
                  {listing ? <span className="sr-only">({done ? t.complete : t.incomplete})</span> : null}
                </>
              );
              // relative: keeps the sr-only status inside the scrolling list (an absolutely placed
              // span positioned outside it would widen the page on phones).
              const base = 'relative flex shrink-0 items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap';
              return (
                <li key={step}>
                  {listing ? (
                    <Link
                      to={editListingPath(listing, step)}
                      aria-current={current ? 'step' : undefined}
                      className={`${base} ${current ? 'bg-brand-50 text-brand-900' : 'text-stone-700 hover:bg-stone-100'}`}
                    >
                      {label}
                    </Link>
                  ) : (
                    <span aria-current={current ? 'step' : undefined} aria-disabled={current ? undefined : true} className={`${base} ${current ? 'bg-brand-50 text-brand-900' : 'text-stone-500'}`}>
                      {label}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>

        <section aria-labelledby="step-heading" className="card min-w-0 p-5 sm:p-8">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{t.stepOf(index + 1, steps.length)}</p>
          <h2 id="step-heading" className="mt-1 text-xl font-bold text-stone-900">
            {t.stepLabels[tab]}
          </h2>
          <p className="mt-1 mb-6 text-sm text-stone-600">{tab === 'availability' && listingType === 'product' ? t.stepIntros.productAvailability : t.stepIntros[tab]}</p>
          {flash && flash.tab === tab ? (
            <div className="mb-6">
              <FormMessage tone={flash.tone}>{flash.message}</FormMessage>
            </div>
          ) : null}
          <StepCtx.Provider value={{ ...ctx, chooseKind: listing ? undefined : setNewKind }}>
            <StepBody key={stepKey} tab={tab} onPublish={publish} />
          </StepCtx.Provider>
        </section>
      </div>
    </PageContainer>
  );
}

function StepBody({ tab, onPublish }: { tab: EditTab; onPublish: () => Promise<{ fields: Record<string, string>; message: string | null } | null> }) {
  switch (tab) {
    case 'details':
      return <DetailsStep />;
    case 'features':
      return <FeaturesStep />;
    case 'pricing':
      return <PricingStep />;
    case 'disclaimer':
      return <DisclaimerStep />;
    case 'location':
      return <LocationStep />;
    case 'delivery':
      return <DeliveryStep />;
    case 'availability':
      return <AvailabilityStep />;
    case 'photos':
      return <PhotosStep onPublish={onPublish} />;
  }
}
