/**
 * Profile settings (/profile-settings, suppliers): profile image, brand logo and header image,
 * brand name, the brand page's texts and collections, and the own product grid (add tile; edit,
 * duplicate and delete revealed on hover, focus or touch; delete only on published and closed
 * products: hidden for drafts, and for listings awaiting approval, which can't be deleted; drafts
 * carry a draft label and link to the editor's photos tab) with the deleted / duplicated / error
 * banner.
 */
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TEXTAREA_MAX } from '@caskade/kit/rules';
import { useUpdateProfile } from '../api/account';
import { isApiError } from '../api/client';
import { catalogKeys, uploadImage, useOwnListings, usePublicUser, useUpdateOwnBrand, type Brand, type ImageRef, type Listing } from '../api/catalog';
import { useCurrentUser } from '../api/session';
import type { CurrentUser } from '@caskade/gateway/contract';
import { CardImage, ImagePlaceholder, ScaledImage } from '../components/catalog/ListingImage';
import { useProductActions } from '../components/catalog/useProductActions';
import { listingActions } from '../lib/listingActions';
import { FieldError, FormMessage, TextField } from '../components/Field';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { STATE_LABELS, catalogUi } from '../i18n/catalogMessages';
import { errorCodeMessage, messageFor, ui } from '../i18n/messages';
import { editListingPath, listingPath } from '../lib/listingPaths';
import { useAvailability } from '../lib/useAvailability';
import { checkFields } from '../lib/validation';
import { fileProblem } from './editListing/PhotosStep';
import { COLLECTION_MAX, MAX_COLLECTIONS, validateCollections } from '@caskade/catalog/domain';
import { companyNameField } from '@caskade/identity/domain';
import { TradeTermsSection, tradeTerms } from './profileSettings/TradeTermsSection';

const t = catalogUi.profileSettings;

export default function ProfileSettingsPage() {
  const { data: user } = useCurrentUser();
  const profile = usePublicUser(user?.id);
  if (!user || profile.isPending) return <Spinner />;
  return (
    <PageContainer>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title={t.title} intro={t.intro} />
        <Link to={`/u/${user.id}`} className="btn-secondary">
          {t.viewPublic}
        </Link>
      </div>
      <div className="grid gap-8">
        {/* The brand's images and texts are only editable once they have loaded: saving forms
            filled with empty values would wipe the brand page. Once loaded they stay: a failed
            background refresh (say a 429 after a save) keeps the last data, so the forms and
            their unsaved edits stay too, with a notice that doesn't block them. */}
        {profile.data !== undefined ? (
          <>
            {profile.isError ? (
              <div className="flex flex-wrap items-center gap-3">
                <FormMessage tone="info">{t.brandRefreshFailed}</FormMessage>
                <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => (profile.isFetching ? undefined : void profile.refetch())} aria-disabled={profile.isFetching || undefined}>
                  {profile.isFetching ? ui.common.loading : catalogUi.common.retry}
                </button>
              </div>
            ) : null}
            <ImagesSection userId={user.id} brand={profile.data.brand ?? null} />
            <BrandNameSection user={user} />
            <BrandPageSection userId={user.id} brand={profile.data.brand ?? null} bio={profile.data.bio} />
            <Section id="terms-heading" title={tradeTerms.heading} intro={tradeTerms.intro}>
              <TradeTermsSection userId={user.id} />
            </Section>
          </>
        ) : (
          <LoadError message={t.brandLoadFailed} retrying={profile.isFetching} onRetry={() => void profile.refetch()} />
        )}
        <ProductsSection />
      </div>
    </PageContainer>
  );
}

function LoadError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="grid justify-items-start gap-3">
      <FormMessage tone="error">{message}</FormMessage>
      <button type="button" className="btn-secondary" onClick={() => (retrying ? undefined : onRetry())} aria-disabled={retrying || undefined}>
        {retrying ? ui.common.loading : catalogUi.common.retry}
      </button>
    </div>
  );
}

function Section({ id, title, children, intro }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-5 sm:p-8">
      <h2 id={id} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-stone-600">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

// ---- images ----------------------------------------------------------------------------------

type ImageSlot = 'profileImageId' | 'logoImageId' | 'headerImageId';

function ImagesSection({ userId, brand }: { userId: string; brand: Brand | null }) {
  const slots: { slot: ImageSlot; label: string; hint: string; image: ImageRef | null; wide?: boolean }[] = [
    { slot: 'profileImageId', label: t.profileImage, hint: t.profileImageHint, image: brand?.profileImage ?? null },
    { slot: 'logoImageId', label: t.logo, hint: t.logoHint, image: brand?.logo ?? null },
    { slot: 'headerImageId', label: t.headerImage, hint: t.headerImageHint, image: brand?.headerImage ?? null, wide: true },
  ];
  return (
    <Section id="images-heading" title={t.imagesHeading}>
      <div className="grid gap-8 md:grid-cols-[1fr_1fr_2fr]">
        {slots.map((s) => (
          <ImageSlotField key={s.slot} userId={userId} {...s} />
        ))}
      </div>
    </Section>
  );
}

function ImageSlotField({ userId, slot, label, hint, image, wide = false }: { userId: string; slot: ImageSlot; label: string; hint: string; image: ImageRef | null; wide?: boolean }) {
  const update = useUpdateOwnBrand(userId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const errorId = `${slot}-error`;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setStatus(null);
    const problem = fileProblem(file);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      const uploaded = await uploadImage(file);
      await update.mutateAsync({ [slot]: uploaded.id });
      setStatus(t.imageSaved);
    } catch (err) {
      const field = isApiError(err) ? err.fields['image'] : undefined;
      setError(field ? messageFor(field) : isApiError(err) ? errorCodeMessage(err.code) : catalogUi.common.loadFailed);
    } finally {
      setBusy(false);
    }
  };
  const onRemove = () => {
    setStatus(null);
    setError(null);
    update.mutate({ [slot]: '' }, { onSuccess: () => setStatus(t.imageRemoved), onError: (err) => setError(isApiError(err) ? errorCodeMessage(err.code) : catalogUi.common.loadFailed) });
  };

  return (
    <div>
      <p className="text-sm font-medium text-stone-800">{label}</p>
      <p className="text-xs text-stone-600">{hint}</p>
      <div className={`mt-3 overflow-hidden rounded-xl border border-stone-200 bg-stone-100 ${wide ? 'aspect-video' : 'aspect-square max-w-48'}`}>
        {image ? (
          wide ? (
            <ScaledImage image={image} alt={label} sizes="(min-width: 768px) 40vw, 100vw" className="size-full object-cover" />
          ) : (
            <CardImage image={image} alt={label} />
          )
        ) : (
          <ImagePlaceholder className={wide ? '!aspect-video h-full' : ''} label={t.noImage} />
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <label className="btn-secondary cursor-pointer px-3 py-1.5 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500">
          <input type="file" accept="image/jpeg,image/png,image/gif" className="sr-only" onChange={(e) => void onFile(e)} disabled={busy} aria-describedby={error ? errorId : undefined} />
          {busy ? ui.common.saving : image ? `${t.replace} ${label.toLowerCase()}` : `${t.upload} ${label.toLowerCase()}`}
        </label>
        {image ? (
          <button type="button" className="btn-ghost px-3 py-1.5" onClick={onRemove} disabled={busy || update.isPending}>
            {t.remove}
            <span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-2 text-sm text-emerald-800 empty:hidden">
        {status ?? ''}
      </p>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

// ---- brand name ------------------------------------------------------------------------------

function BrandNameSection({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.profile.brandName);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed = name.trim() !== user.profile.brandName;
  const clientError = checkFields({ brandName: [companyNameField, name] })['brandName'];
  const availability = useAvailability('name', name, changed && !clientError);
  const error = serverError ?? (submitted || name !== user.profile.brandName ? clientError : undefined) ?? (availability === 'taken' ? 'name-taken' : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSaved(false);
    if (clientError || availability === 'taken' || !changed) return;
    update.mutate(
      { brandName: name.trim() },
      {
        onSuccess: () => {
          setSaved(true);
          void queryClient.invalidateQueries({ queryKey: catalogKeys.user(user.id) });
          void queryClient.invalidateQueries({ queryKey: catalogKeys.brands });
        },
        onError: (err) => setServerError(isApiError(err) ? (err.fields['brandName'] ?? err.code) : 'internal'),
      },
    );
  };
  return (
    <Section id="brand-heading" title={t.brandHeading}>
      <form noValidate onSubmit={submit} className="grid max-w-xl gap-4">
        <TextField
          name="brandName"
          label={t.brandName}
          hint={t.brandNameHint}
          required
          maxLength={120}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setServerError(null);
            setSaved(false);
          }}
          error={error}
          status={changed ? (availability === 'checking' ? ui.common.checking : availability === 'available' ? ui.common.available : undefined) : undefined}
        />
        {saved ? <FormMessage tone="success">{t.brandSaved}</FormMessage> : null}
        <div>
          <button type="submit" className="btn-primary" disabled={update.isPending || !changed}>
            {update.isPending ? ui.common.saving : t.saveBrandName}
          </button>
        </div>
      </form>
    </Section>
  );
}

// ---- brand page texts and collections --------------------------------------------------------

function BrandPageSection({ userId, brand, bio }: { userId: string; brand: Brand | null; bio: string }) {
  const update = useUpdateOwnBrand(userId);
  const [values, setValues] = useState({
    // The brand page shows the account's bio until a description is saved: start from what buyers see.
    description: brand?.description || bio,
    deliveryNotes: brand?.deliveryNotes ?? '',
    discountNotes: brand?.discountNotes ?? '',
  });
  const [collections, setCollections] = useState<string[]>(brand?.collections ?? []);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const collectionsError = validateCollections(collections);
  const tooLong = (v: string) => (v.length > TEXTAREA_MAX ? 'validation.tooLong' : undefined);
  const errors: Record<string, string | undefined> = {
    description: serverErrors['description'] ?? (submitted ? tooLong(values.description) : undefined),
    deliveryNotes: serverErrors['deliveryNotes'] ?? (submitted ? tooLong(values.deliveryNotes) : undefined),
    discountNotes: serverErrors['discountNotes'] ?? (submitted ? tooLong(values.discountNotes) : undefined),
    // An empty new row only complains once saving is tried.
    collections: serverErrors['collections'] ?? (submitted || (collectionsError !== null && collectionsError !== 'validation.required') ? (collectionsError ?? undefined) : undefined),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setStatus(null);
    if (Object.values(errors).some(Boolean) || collectionsError) return;
    update.mutate(
      { ...values, collections: collections.map((c) => c.trim().replace(/\s+/g, ' ')) },
      {
        onSuccess: () => setStatus({ tone: 'success', text: t.pageSaved }),
        onError: (err) => {
          if (isApiError(err) && Object.keys(err.fields).length > 0) {
            const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.split('.')[0] ?? k, v]));
            setServerErrors(fields);
          } else setStatus({ tone: 'error', text: isApiError(err) ? errorCodeMessage(err.code) : catalogUi.common.loadFailed });
        },
      },
    );
  };
  const set = (key: keyof typeof values, value: string) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setServerErrors(({ [key]: _drop, ...rest }) => rest);
  };
  const setCollection = (i: number, value: string) => {
    setCollections((prev) => prev.map((c, j) => (j === i ? value : c)));
    setServerErrors(({ collections: _drop, ...rest }) => rest);
  };

  return (
    <Section id="page-heading" title={t.pageHeading}>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <TextField name="description" label={t.description} multiline rows={5} maxLength={TEXTAREA_MAX} value={values.description} onChange={(e) => set('description', e.target.value)} error={errors['description']} />
        <div className="grid gap-5 md:grid-cols-2">
          <TextField name="deliveryNotes" label={t.deliveryNotes} hint={t.deliveryNotesHint} multiline maxLength={TEXTAREA_MAX} value={values.deliveryNotes} onChange={(e) => set('deliveryNotes', e.target.value)} error={errors['deliveryNotes']} />
          <TextField name="discountNotes" label={t.discountNotes} hint={t.discountNotesHint} multiline maxLength={TEXTAREA_MAX} value={values.discountNotes} onChange={(e) => set('discountNotes', e.target.value)} error={errors['discountNotes']} />
        </div>
        <fieldset aria-describedby={errors['collections'] ? 'collections-error' : 'collections-hint'}>
          <legend className="text-sm font-medium text-stone-800">{t.collections}</legend>
          <p id="collections-hint" className="mt-0.5 text-xs text-stone-600">
            {t.collectionsHint}
          </p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {collections.map((name, i) => (
              <li key={i} className="flex items-center gap-2">
                <label className="sr-only" htmlFor={`collection-${i}`}>
                  {t.collectionLabel(i + 1)}
                </label>
                <input
                  id={`collection-${i}`}
                  className="input"
                  value={name}
                  maxLength={COLLECTION_MAX}
                  onChange={(e) => setCollection(i, e.target.value)}
                  aria-invalid={errors['collections'] ? true : undefined}
                  aria-describedby={errors['collections'] ? 'collections-error' : undefined}
                />
                <button type="button" className="btn-ghost px-2" onClick={() => setCollections((prev) => prev.filter((_, j) => j !== i))} aria-label={t.removeCollection(i + 1)}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          {errors['collections'] ? <FieldError id="collections-error">{messageFor(errors['collections'])}</FieldError> : null}
          {collections.length < MAX_COLLECTIONS ? (
            <button type="button" className="btn-secondary mt-3 px-3 py-1.5" onClick={() => setCollections((prev) => [...prev, ''])}>
              <span aria-hidden="true">+</span> {t.addCollection}
            </button>
          ) : null}
        </fieldset>
        {status ? <FormMessage tone={status.tone}>{status.text}</FormMessage> : null}
        <div>
          <button type="submit" className="btn-primary" disabled={update.isPending}>
            {update.isPending ? ui.common.saving : t.savePage}
          </button>
        </div>
      </form>
    </Section>
  );
}

// ---- product grid ----------------------------------------------------------------------------

function ProductsSection() {
  const own = useOwnListings(1);
  const actions = useProductActions();
  const listings = own.data?.listings ?? [];
  return (
    <Section id="products-heading" title={t.productsHeading}>
      <div className="mb-4 empty:hidden" aria-live="polite">
        {actions.banner}
      </div>
      {own.isPending ? <Spinner /> : null}
      {own.isError ? (
        <div className="mb-4">
          <LoadError message={t.productsLoadFailed} retrying={own.isFetching} onRetry={() => void own.refetch()} />
        </div>
      ) : null}
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        <li>
          <Link
            to="/l/new"
            className="flex h-full min-h-40 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-stone-300 bg-stone-50 text-sm font-semibold text-brand-800 hover:border-brand-400 hover:bg-brand-50"
          >
            <span aria-hidden="true" className="text-3xl leading-none">
              +
            </span>
            {t.addProduct}
          </Link>
        </li>
        {listings.map((listing) => (
          <li key={listing.id}>
            <ProductTile listing={listing} actions={actions} />
          </li>
        ))}
      </ul>
      {own.data && own.data.pagination.totalPages > 1 ? (
        <p className="mt-6 text-sm">
          <Link to="/listings" className="link">
            {catalogUi.manage.title}
          </Link>
        </p>
      ) : null}
      {actions.dialog}
    </Section>
  );
}

function ProductTile({ listing, actions }: { listing: Listing; actions: ReturnType<typeof useProductActions> }) {
  const draft = listing.state === 'draft';
  const title = listing.title || catalogUi.common.untitled;
  const href = draft ? editListingPath(listing, 'photos') : listingPath(listing);
  const busy = actions.busyId === listing.id;
  const action = 'rounded-lg bg-white px-2.5 py-1.5 text-xs font-semibold text-stone-900 ring-1 ring-stone-300 hover:bg-stone-50 aria-disabled:opacity-60';
  return (
    <article aria-label={title} className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white">
      <Link to={href} className="block focus-visible:outline-none">
        <div className="relative">
          {/* Drafts show the placeholder image (spec §2), whatever photos they already have. */}
          {draft ? <ImagePlaceholder /> : <CardImage image={listing.images[0]} alt="" />}
          {listing.state !== 'published' ? (
            <span className="absolute top-2 left-2 rounded-full bg-stone-900/85 px-2.5 py-0.5 text-xs font-semibold text-white">
              {draft ? catalogUi.card.draftLabel : STATE_LABELS[listing.state]}
            </span>
          ) : null}
        </div>
        <p className="line-clamp-2 px-3 pt-2.5 text-sm font-medium wrap-anywhere text-stone-900 group-has-[a:focus-visible]:underline">{title}</p>
      </Link>
      {/* At the bottom of the tile, clear of the image and its state label: revealed on hover or
          keyboard focus, always shown on touch screens (no hover). */}
      <div
        role="group"
        aria-label={t.productActions(title)}
        className="mt-auto flex flex-wrap gap-1.5 px-3 pt-2 pb-3 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
      >
        <Link to={editListingPath(listing)} className={action}>
          {t.editProduct}
        </Link>
        <button type="button" className={action} aria-disabled={busy || undefined} onClick={() => (busy ? undefined : actions.onDuplicate(listing))}>
          {t.duplicateProduct}
        </button>
        {/* Where the process table lets the supplier remove it; the spec hides it for drafts here, manage listings discards them. */}
        {!draft && listingActions(listing.allowedTransitions).remove ? (
          <button type="button" className={`${action} text-red-700`} aria-disabled={busy || undefined} onClick={() => (busy ? undefined : actions.askDelete(listing))}>
            {t.deleteProduct}
          </button>
        ) : null}
      </div>
    </article>
  );
}
