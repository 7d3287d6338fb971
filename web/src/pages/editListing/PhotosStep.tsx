/**
 * Photos: upload (multipart POST /api/images, then attach to the listing), sort (buttons for
 * keyboards, drag and drop for pointers; saved as the listing's imageIds order) and remove. Files
 * over 20 MB or of another type are refused before uploading; the server checks content too.
 * On a draft this step ends the wizard with Publish (or Submit for approval).
 */
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../api/client';
import { uploadImage, useAddListingImage, useUpdateListing, type ImageRef, type Listing } from '../../api/catalog';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldError, FormMessage } from '../../components/Field';
import { CardImage } from '../../components/catalog/ListingImage';
import { catalogUi } from '../../i18n/catalogMessages';
import { errorCodeMessage, messageFor } from '../../i18n/messages';
import { editListingPath, type EditTab } from '../../lib/listingPaths';
import { useStep } from './StepForm';
import { incompleteSteps, stepForField, stepsFor } from './wizard';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from '@caskade/catalog/domain';

const t = catalogUi.editor;

interface Upload {
  key: number;
  name: string;
  error: string | null;
}

/** Why a file can't be uploaded, before sending it; null when it may go. */
export function fileProblem(file: { size: number; type: string }): string | null {
  if (file.size > IMAGE_MAX_BYTES) return t.fileTooLarge;
  if (file.type && !(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return t.fileWrongType;
  return null;
}

function uploadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return catalogUi.common.loadFailed;
  const field = error.fields['image'];
  if (field) return messageFor(field);
  if (error.code === 'request-upload-over-limit') return t.fileTooLarge;
  return errorCodeMessage(error.code);
}

export function PhotosStep({ onPublish }: { onPublish: () => Promise<{ fields: Record<string, string>; message: string | null } | null> }) {
  const ctx = useStep();
  const listing = ctx.listing as Listing;
  const { data: user } = useCurrentUser();
  const addImage = useAddListingImage();
  const update = useUpdateListing();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [order, setOrder] = useState<string[] | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [confirmNoStock, setConfirmNoStock] = useState(false);
  const [publishProblems, setPublishProblems] = useState<{ steps: EditTab[]; message: string | null } | null>(null);

  // The photo button to keep focus on across a move or removal: its row moves (or goes) in the
  // DOM, which drops focus, so it is put back (buttons are aria-disabled while saving, never
  // disabled, for the same reason).
  const [focusTarget, setFocusTarget] = useState<{ id: string; action: PhotoAction } | 'add' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const byId = new Map(listing.images.map((image) => [image.id, image]));
  const images: ImageRef[] = (order ?? listing.images.map((i) => i.id)).map((id) => byId.get(id)).filter((i): i is ImageRef => Boolean(i));
  const busy = uploads.some((u) => u.error === null) || update.isPending;
  const orderKey = images.map((i) => i.id).join(',');

  useEffect(() => {
    const root = rootRef.current;
    if (!focusTarget || !root) return;
    // Only when focus was lost (the row was moved or removed), never taking it from elsewhere.
    if (document.activeElement && document.activeElement !== document.body) return;
    const el =
      focusTarget === 'add'
        ? root.querySelector<HTMLElement>('input[type="file"]')
        : root.querySelector<HTMLElement>(`[data-photo="${focusTarget.id}"][data-photo-action="${focusTarget.action}"]`);
    el?.focus();
  }, [focusTarget, orderKey]);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setStatus(null);
    setPublishProblems(null);
    let key = Date.now();
    const queued = files.map((file) => ({ file, upload: { key: (key += 1), name: file.name, error: fileProblem(file) } }));
    setUploads((prev) => [...prev.filter((u) => u.error === null), ...queued.map((q) => q.upload)]);
    for (const { file, upload } of queued) {
      if (upload.error) continue;
      try {
        const image = await uploadImage(file);
        await addImage.mutateAsync({ id: listing.id, imageId: image.id });
        setUploads((prev) => prev.filter((u) => u.key !== upload.key));
      } catch (error) {
        setUploads((prev) => prev.map((u) => (u.key === upload.key ? { ...u, error: uploadErrorMessage(error) } : u)));
      }
    }
  };

  const saveOrder = (ids: string[]) => {
    setOrder(ids);
    setOrderError(null);
    update.mutate(
      { id: listing.id, fields: { imageIds: ids } },
      {
        onSuccess: () => {
          setOrder(null);
          setStatus(t.photosOrderSaved);
        },
        onError: (error) => {
          setOrder(null);
          const field = isApiError(error) ? error.fields['imageIds'] : undefined;
          setOrderError(field ? messageFor(field) : isApiError(error) ? errorCodeMessage(error.code) : catalogUi.common.loadFailed);
        },
      },
    );
  };
  const move = (from: number, to: number, action?: PhotoAction) => {
    if (busy || to < 0 || to >= images.length || from === to) return;
    const ids = images.map((i) => i.id);
    const [moved] = ids.splice(from, 1);
    if (moved) ids.splice(to, 0, moved);
    if (moved && action) setFocusTarget({ id: moved, action });
    saveOrder(ids);
  };
  const removeAt = (index: number) => {
    if (busy) return;
    const rest = images.filter((_, i) => i !== index);
    const next = rest[index] ?? rest[index - 1];
    setFocusTarget(next ? { id: next.id, action: 'remove' } : 'add');
    saveOrder(rest.map((i) => i.id));
  };

  const noStock = listing.currentStock.quantity === 0;
  const publish = async (confirmed = false) => {
    setPublishProblems(null);
    const missing = incompleteSteps(ctx.fields);
    if (missing.length > 0) {
      setPublishProblems({ steps: missing, message: null });
      return;
    }
    // Allowed, but a live listing without stock is invisible to buyers: ask first.
    if (noStock && !confirmed) {
      setConfirmNoStock(true);
      return;
    }
    setConfirmNoStock(false);
    setPublishing(true);
    const problems = await onPublish();
    setPublishing(false);
    if (problems) {
      const steps = stepsFor(ctx.listingType).filter((step) => Object.keys(problems.fields).some((f) => stepForField(f, ctx.listingType) === step));
      setPublishProblems({ steps, message: problems.message });
    }
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragFrom !== null) move(dragFrom, to);
    setDragFrom(null);
  };

  const imagesError = ctx.mode === 'wizard' && publishProblems?.steps.includes('photos') && images.length === 0 ? 'validation.imagesRequired' : null;
  const directly = user?.profile.published ?? false;

  return (
    <div ref={rootRef} className="grid gap-6">
      <div>
        <label className="btn-secondary cursor-pointer has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500">
          <input
            type="file"
            accept={IMAGE_CONTENT_TYPES.join(',')}
            multiple
            className="sr-only"
            onChange={(event) => void onFiles(event)}
            aria-describedby="photo-hint"
          />
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
            <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
          {t.addPhotos}
        </label>
        <p id="photo-hint" className="mt-2 text-xs text-stone-600">
          {t.addPhotosHint}
        </p>
      </div>

      <div aria-live="polite" className="grid gap-2 empty:hidden">
        {uploads.map((u) =>
          u.error ? (
            <FieldError key={u.key}>{t.uploadFailed(u.name, u.error)}</FieldError>
          ) : (
            <p key={u.key} role="status" className="text-sm text-stone-700">
              {t.uploading(u.name)}
            </p>
          ),
        )}
        {status && !busy ? <p className="text-sm text-emerald-800">{status}</p> : null}
      </div>
      {orderError ? <FormMessage tone="error">{orderError}</FormMessage> : null}

      {images.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-stone-300 px-6 py-10 text-center text-sm text-stone-600">{t.noPhotos}</p>
      ) : (
        <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3" aria-label={t.photosLegend}>
          {images.map((image, i) => (
            <li
              key={image.id}
              draggable
              onDragStart={() => setDragFrom(i)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, i)}
              onDragEnd={() => setDragFrom(null)}
              className={`overflow-hidden rounded-xl border bg-white ${dragFrom === i ? 'border-brand-500 opacity-60' : 'border-stone-200'}`}
            >
              <div className="relative">
                <CardImage image={image} alt={t.photoAlt(i + 1)} />
                {i === 0 ? <span className="absolute top-2 left-2 rounded-full bg-stone-900/80 px-2 py-0.5 text-xs font-semibold text-white">{t.cover}</span> : null}
              </div>
              <div className="flex items-center justify-between gap-1 p-2">
                <div className="flex gap-1">
                  <IconButton photo={image.id} action="up" label={t.moveUp(i + 1)} disabled={i === 0 || busy} onClick={() => move(i, i - 1, 'up')} path="m15 6-6 6 6 6" />
                  <IconButton photo={image.id} action="down" label={t.moveDown(i + 1)} disabled={i === images.length - 1 || busy} onClick={() => move(i, i + 1, 'down')} path="m9 6 6 6-6 6" />
                </div>
                <IconButton photo={image.id} action="remove" label={t.removePhoto(i + 1)} disabled={busy} onClick={() => removeAt(i)} path="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12" danger />
              </div>
            </li>
          ))}
        </ol>
      )}
      {imagesError ? <FieldError>{messageFor(imagesError)}</FieldError> : null}

      {ctx.mode === 'wizard' ? (
        <div className="grid gap-4 border-t border-stone-200 pt-5">
          {publishProblems ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              <p className="font-medium">{publishProblems.message ?? t.fixBeforePublish}</p>
              {publishProblems.steps.length > 0 ? (
                <ul className="mt-2 list-disc pl-5">
                  {publishProblems.steps.map((step) => (
                    <li key={step}>
                      {step === 'photos' ? (
                        t.stepLabels.photos
                      ) : (
                        <Link to={editListingPath(listing, step)} className="font-medium underline">
                          {t.goToStep(t.stepLabels[step])}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {noStock ? (
            <p id="publish-no-stock" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {t.zeroStockPublishNote}{' '}
              <Link to={editListingPath(listing, 'pricing')} className="font-medium underline">
                {t.goToStep(t.stepLabels.pricing)}
              </Link>
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="max-w-md text-sm text-stone-600">{directly ? t.publishNoteDirect : t.publishNoteApproval}</p>
            <button type="button" className="btn-primary px-6" disabled={publishing || busy} aria-describedby={noStock ? 'publish-no-stock' : undefined} onClick={() => void publish()}>
              {publishing ? t.publishing : directly ? t.publish : t.submitForApproval}
            </button>
          </div>
          {confirmNoStock ? (
            <ConfirmDialog
              title={t.zeroStockConfirmTitle}
              tone="primary"
              yesLabel={directly ? t.publishAnyway : t.submitAnyway}
              onConfirm={() => void publish(true)}
              onCancel={() => setConfirmNoStock(false)}
            >
              {t.zeroStockConfirmBody}
            </ConfirmDialog>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

type PhotoAction = 'up' | 'down' | 'remove';

/** Unavailable buttons stay focusable (aria-disabled) so a keyboard user keeps their place. */
function IconButton({
  photo, action, label, onClick, disabled, path, danger = false,
}: { photo: string; action: PhotoAction; label: string; onClick: () => void; disabled?: boolean; path: string; danger?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-photo={photo}
      data-photo-action={action}
      onClick={disabled ? undefined : onClick}
      aria-disabled={disabled || undefined}
      className={`inline-flex size-9 items-center justify-center rounded-lg aria-disabled:cursor-not-allowed aria-disabled:opacity-40 ${danger ? 'text-red-700 hover:bg-red-50' : 'text-stone-700 hover:bg-stone-100'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
    </button>
  );
}
