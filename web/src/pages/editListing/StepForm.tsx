/** What every wizard step shares: the context from the page, the form wrapper and its submit flow. */
import { createContext, useContext, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { StockChangeBody } from '@caskade/gateway/contract';
import type { Listing, ListingFieldsBody } from '../../api/catalog';
import { FormMessage } from '../../components/Field';
import { catalogUi } from '../../i18n/catalogMessages';
import { messageFor } from '../../i18n/messages';
import { useCurrentUser } from '../../api/session';
import { focusFirstInvalid } from '../../lib/focus';
import { editListingPath, type EditTab } from '../../lib/listingPaths';
import { errorsForStep, stepForField, stepsFor } from './wizard';
import { type ListingFieldsInput, type ListingType } from '@caskade/catalog/domain';

export type SaveOutcome =
  | { ok: true; listing: Listing }
  | { ok: false; fields: Record<string, string>; message: string | null; stockMismatch?: number };

export interface StepContext {
  /** Null while the listing is being created (type `new`). */
  listing: Listing | null;
  /** The saved fields, as the shared rules read them. */
  fields: ListingFieldsInput;
  listingType: ListingType;
  step: EditTab;
  /** `wizard` for new listings and drafts (save & continue), `edit` for live ones (save in place). */
  mode: 'wizard' | 'edit';
  brandCollections: readonly string[];
  save: (patch: ListingFieldsBody, stock?: StockChangeBody) => Promise<SaveOutcome>;
  /** After a successful save: the next step (wizard) or a saved notice (edit). */
  done: (listing: Listing) => void;
  /** A notice above the step that outlives the step's remount after a save. */
  flash: (message: string | null) => void;
  reload: () => Promise<void>;
  /** While creating: the Details step's product/service choice, so the step list follows it. */
  chooseKind?: ((kind: ListingType) => void) | undefined;
}

/** The editor's words on approval (editor-only, so kept out of the shared catalog messages the listing page loads). */
export const approvalWording = {
  savedForApproval: 'Changes saved and sent to our team for approval: buyers can’t see this listing until it’s approved.',
  editNeedsApproval: 'New suppliers’ changes are checked by our team first: saving a change hides this listing from buyers until it’s approved.',
} as const;

export const StepCtx = createContext<StepContext | null>(null);
export function useStep(): StepContext {
  const ctx = useContext(StepCtx);
  if (!ctx) throw new Error('useStep outside the editor');
  return ctx;
}

interface SubmitPlan {
  patch: ListingFieldsBody;
  stock?: StockChangeBody;
}

/**
 * A step's form state around its own values: client errors (shared rules) show after the first
 * submit attempt and update live; server errors show until their field changes.
 */
export function useStepSubmit(clientErrors: Record<string, string>, plan: () => SubmitPlan | null) {
  const ctx = useStep();
  const formRef = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A notice about this step's field errors lasts only while one of them does: fixed fields take it away.
  const [formErrorIsAboutFields, setFormErrorIsAboutFields] = useState(false);
  // Steps other than this one that the server's field errors belong to (linked from the message).
  const [otherSteps, setOtherSteps] = useState<EditTab[]>([]);
  // Field errors no step of this listing type owns (e.g. `attributes` on a service): listed by field, as there's no step to fix them on.
  const [orphanFields, setOrphanFields] = useState<{ field: string; label: string; message: string }[]>([]);
  const [stockMismatch, setStockMismatch] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const errors: Record<string, string> = { ...(submitted ? clientErrors : {}), ...serverErrors };
  const clear = (...fields: string[]) =>
    setServerErrors((prev) => {
      const next = Object.fromEntries(Object.entries(prev).filter(([key]) => !fields.some((f) => key === f || key.startsWith(`${f}.`))));
      return Object.keys(next).length === Object.keys(prev).length ? prev : next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFormError(null);
    setOtherSteps([]);
    setOrphanFields([]);
    setStockMismatch(null);
    ctx.flash(null);
    if (Object.keys(clientErrors).length > 0) {
      setFormError(catalogUi.editor.fixFields);
      setFormErrorIsAboutFields(true);
      focusFirstInvalid(formRef.current);
      return;
    }
    const next = plan();
    if (!next) return;
    setBusy(true);
    const out = await ctx.save(next.patch, next.stock);
    setBusy(false);
    if (out.ok) {
      ctx.done(out.listing);
      return;
    }
    const own = errorsForStep(out.fields, ctx.step, ctx.listingType);
    const elsewhere = stepsFor(ctx.listingType).filter((step) => step !== ctx.step && Object.keys(out.fields).some((field) => stepForField(field, ctx.listingType) === step));
    const steps = stepsFor(ctx.listingType);
    const orphans = Object.entries(out.fields)
      .filter(([field]) => !steps.includes(stepForField(field, ctx.listingType)))
      .map(([field, key]) => ({ field, label: catalogUi.editor.fieldLabels[field.split('.')[0] ?? ''] ?? field, message: messageFor(key) }));
    setServerErrors(own);
    setOtherSteps(elsewhere);
    setOrphanFields(orphans);
    if (out.stockMismatch !== undefined) setStockMismatch(out.stockMismatch);
    const fallback = out.stockMismatch !== undefined ? null : orphans.length > 0 ? catalogUi.editor.saveFailedFields : catalogUi.editor.saveFailed;
    setFormError(out.message ?? (Object.keys(own).length > 0 ? catalogUi.editor.fixFields : elsewhere.length > 0 ? catalogUi.editor.fixOtherSteps : fallback));
    setFormErrorIsAboutFields(Object.keys(own).length > 0 && elsewhere.length === 0 && orphans.length === 0 && out.stockMismatch === undefined);
    focusFirstInvalid(formRef.current);
  };

  const stale = formErrorIsAboutFields && Object.keys(errors).length === 0;
  return { formRef, errors, clear, onSubmit, busy, formError: stale ? null : formError, otherSteps, orphanFields, stockMismatch, setStockMismatch };
}

/** The step's form: its fields, the form-level message and the submit button. */
export function StepForm({
  children,
  submit,
  footer,
}: {
  children: ReactNode;
  submit: ReturnType<typeof useStepSubmit>;
  footer?: ReactNode;
}) {
  const ctx = useStep();
  const { data: user } = useCurrentUser();
  const label = ctx.mode === 'edit' ? catalogUi.editor.save : catalogUi.editor.next;
  // Buyers see a published listing; a supplier whose listings are checked first hides it again by saving (ADR 015).
  const hidesOnSave = ctx.mode === 'edit' && ctx.listing?.state === 'published' && user?.role === 'supplier' && !user.profile.published;
  return (
    <form ref={submit.formRef} noValidate onSubmit={(event) => void submit.onSubmit(event)} className="grid gap-6">
      {submit.formError ? (
        <FormMessage tone="error">
          <p className={submit.otherSteps.length > 0 || submit.orphanFields.length > 0 ? 'font-medium' : undefined}>{submit.formError}</p>
          {submit.otherSteps.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {submit.otherSteps.map((step) => (
                <li key={step}>
                  {ctx.listing ? (
                    <Link to={editListingPath(ctx.listing, step)} className="font-medium underline">
                      {catalogUi.editor.goToStep(catalogUi.editor.stepLabels[step])}
                    </Link>
                  ) : (
                    catalogUi.editor.stepLabels[step]
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {submit.orphanFields.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {submit.orphanFields.map((f) => (
                <li key={f.field}>
                  {f.label}: {f.message}
                </li>
              ))}
            </ul>
          ) : null}
        </FormMessage>
      ) : null}
      {children}
      {hidesOnSave ? <FormMessage tone="info">{approvalWording.editNeedsApproval}</FormMessage> : null}
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-200 pt-5">
        {footer}
        <button type="submit" className="btn-primary px-6" disabled={submit.busy} aria-busy={submit.busy || undefined}>
          {submit.busy ? catalogUi.editor.saving : label}
        </button>
      </div>
    </form>
  );
}
