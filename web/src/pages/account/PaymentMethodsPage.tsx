/**
 * /account/payment-methods: the saved cards and BECS accounts (the first saved is the default),
 * each with a menu to make it the default, replace it (cards) or remove it (after a confirmation);
 * an expired default card says so (calls-errors-constants §2). New methods are entered here with
 * the sandbox provider, or with Stripe in Stripe Elements (a separate chunk loaded only then, ADR 050).
 */
import { Suspense, useCallback, useRef, useState } from 'react';
import { accountDigits, bsbDigits, cardDigits, cvcValid, luhnValid } from '@caskade/payments/domain';
import { MSG } from '@caskade/kit/rules';
import { isApiError } from '../../api/client';
import {
  usePaymentConfig,
  usePaymentMethods,
  useRemovePaymentMethod,
  useSaveSandboxMethod,
  useSetDefaultPaymentMethod,
  type NewMethodDetails,
  type PaymentMethodView,
} from '../../api/paymentMethods';
import { useCurrentUser } from '../../api/session';
import { StripeAddMethods } from '../../components/buying/stripe';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CheckboxField, FormMessage } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { errorCodeMessage } from '../../i18n/messages';
import { fieldMessage, methodName, ordersUi } from '../../i18n/ordersMessages';
import { useDropdown } from '../../lib/useDropdown';
import { useForm } from '../../lib/useForm';
import { useFormSubmit } from '../../lib/useFormSubmit';
import type { FieldErrors } from '../../lib/validation';
import { AccountLayout, SettingsCard } from './AccountLayout';
import { SaveButton } from './accountForm';
import { MessageField } from './buyingFields';

const t = ordersUi.paymentMethods;
type Status = { tone: 'success' | 'error'; text: string } | null;

const twoDigits = (n: number) => String(n % 100).padStart(2, '0');


const failure = (error: unknown) => (isApiError(error) ? errorCodeMessage(error.code) : ordersUi.actionFailed);

export default function PaymentMethodsPage() {
  const methods = usePaymentMethods();
  const config = usePaymentConfig();
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useRemovePaymentMethod();
  const [status, setStatus] = useState<Status>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  /** Where the method being removed was in the list: its successor takes the focus after. */
  const removedAt = useRef(0);
  const [removing, setRemoving] = useState<PaymentMethodView | null>(null);
  const [replacing, setReplacing] = useState<PaymentMethodView | null>(null);
  const { data: user } = useCurrentUser();

  const list = methods.data ?? [];
  const defaultMethod = list.find((m) => m.isDefault);

  const makeDefault = (method: PaymentMethodView) =>
    setDefault.mutate(method.id, {
      onSuccess: () => setStatus({ tone: 'success', text: t.madeDefault(methodName(method)) }),
      onError: (error) => setStatus({ tone: 'error', text: failure(error) }),
    });
  const confirmRemove = () => {
    if (!removing) return;
    removedAt.current = Math.max(list.findIndex((m) => m.id === removing.id), 0);
    remove.mutate(removing.id, {
      onSuccess: () => setStatus({ tone: 'success', text: t.removed }),
      onError: (error) => setStatus({ tone: 'error', text: failure(error) }),
      onSettled: () => setRemoving(null),
    });
  };
  /** The removed method's row is gone: the focus goes to the next one's menu button, or the status saying it was removed. */
  const afterRemove = () => {
    const buttons = [...document.querySelectorAll<HTMLElement>('main [data-method-menu]')];
    return buttons[Math.min(removedAt.current, buttons.length - 1)] ?? statusRef.current;
  };
  const startReplace = (method: PaymentMethodView) => {
    setStatus(null);
    setReplacing(method);
    // The form is further down the page: bring it into view and put the cursor in it.
    requestAnimationFrame(() => document.getElementById('card-form')?.querySelector('input')?.focus());
  };

  const sandbox = config.data?.provider === 'sandbox';
  const stripeKey = config.data?.provider === 'stripe' ? config.data.publishableKey : '';
  return (
    <AccountLayout title={t.title}>
      <div ref={statusRef} tabIndex={-1} className="mb-4 empty:hidden focus:outline-none" aria-live="polite">
        {status ? <FormMessage tone={status.tone}>{status.text}</FormMessage> : null}
      </div>
      {defaultMethod?.expired ? (
        <div className="mb-4">
          <FormMessage tone="error">{t.defaultExpired}</FormMessage>
        </div>
      ) : null}
      <SettingsCard title={t.savedTitle} description={t.savedIntro}>
        {methods.isPending ? <Spinner /> : null}
        {methods.isError ? <FormMessage tone="error">{ordersUi.loadFailed}</FormMessage> : null}
        {methods.data && list.length === 0 ? <p className="text-sm text-stone-600">{t.none}</p> : null}
        <ul className="grid gap-3">
          {list.map((method) => (
            <MethodRow
              key={method.id}
              method={method}
              busy={setDefault.isPending || remove.isPending}
              canReplace={(sandbox || stripeKey !== '') && method.type === 'card'}
              onDefault={() => makeDefault(method)}
              onReplace={() => startReplace(method)}
              onRemove={() => setRemoving(method)}
            />
          ))}
        </ul>
      </SettingsCard>
      {config.isPending ? <Spinner /> : null}
      {stripeKey ? (
        <Suspense fallback={<Spinner />}>
          <StripeAddMethods
            publishableKey={stripeKey}
            email={user?.email ?? ''}
            replacing={replacing}
            replacingName={replacing ? methodName(replacing) : ''}
            onCancelReplace={() => setReplacing(null)}
            onSaved={(text) => {
              setReplacing(null);
              setStatus({ tone: 'success', text });
            }}
          />
        </Suspense>
      ) : null}
      {sandbox ? (
        <>
          <CardForm
            key={replacing?.id ?? 'new'}
            replacing={replacing}
            onCancelReplace={() => setReplacing(null)}
            onSaved={(text) => {
              setReplacing(null);
              setStatus({ tone: 'success', text });
            }}
          />
          <BecsForm onSaved={(text) => setStatus({ tone: 'success', text })} />
        </>
      ) : null}
      {removing ? (
        <ConfirmDialog title={t.removeTitle} onConfirm={confirmRemove} onCancel={() => setRemoving(null)} busy={remove.isPending} yesLabel={t.remove} returnFocus={afterRemove}>
          <p>{t.removeBody(methodName(removing))}</p>
        </ConfirmDialog>
      ) : null}
    </AccountLayout>
  );
}

function MethodRow({
  method,
  busy,
  canReplace,
  onDefault,
  onReplace,
  onRemove,
}: {
  method: PaymentMethodView;
  busy: boolean;
  canReplace: boolean;
  onDefault: () => void;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const menu = useDropdown();
  const name = methodName(method);
  const choose = (action: () => void) => () => {
    menu.closeToButton();
    action();
  };
  const item = 'block w-full px-4 py-2 text-left text-sm text-stone-800 hover:bg-stone-100 focus-visible:bg-stone-100 disabled:opacity-50';
  return (
    <li className="flex items-center gap-4 rounded-xl border border-stone-200 p-4" aria-label={name}>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-stone-900">{name}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-stone-600">
          {method.type === 'card' ? <span>{t.expires(twoDigits(method.expMonth), twoDigits(method.expYear))}</span> : <span>{t.becsType}</span>}
          {method.isDefault ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">{t.default}</span> : null}
          {method.expired ? <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t.expired}</span> : null}
        </p>
      </div>
      <div ref={menu.containerRef} className="relative">
        {/* Busy, the button stays focusable (aria-disabled: a disabled one drops the keyboard focus) and does not open. */}
        <button
          {...menu.buttonProps}
          onClick={busy ? undefined : menu.buttonProps.onClick}
          className="btn-secondary px-3 py-1.5"
          aria-label={t.menu(name)}
          aria-disabled={busy || undefined}
          data-method-menu={method.id}
        >
          <span aria-hidden="true">⋯</span>
        </button>
        <div {...menu.panelProps} className="absolute right-0 z-20 mt-2 w-48 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg">
          {!method.isDefault ? (
            <button type="button" className={item} onClick={choose(onDefault)}>
              {t.makeDefault}
            </button>
          ) : null}
          {canReplace ? (
            <button type="button" className={item} onClick={choose(onReplace)}>
              {t.replace}
            </button>
          ) : null}
          <button type="button" className={`${item} text-red-700`} onClick={choose(onRemove)}>
            {t.remove}
          </button>
        </div>
      </div>
    </li>
  );
}

/** "12/30", "12 / 30", "1230" or "12/2030" → month and four-digit year; null when unreadable. */
function parseExpiry(raw: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!m?.[1] || !m[2]) return null;
  const expMonth = Number(m[1]);
  const expYear = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : null;
}

/** The server's field keys, placed on this form's fields (expiry is one field for month and year). */
function serverFields(error: unknown, rename: Record<string, string> = {}): FieldErrors | null {
  if (!isApiError(error) || error.code !== 'validation-invalid-params') return null;
  const out: FieldErrors = {};
  for (const [field, key] of Object.entries(error.fields)) out[rename[field] ?? field] ??= key;
  return out;
}

type CardValues = { number: string; expiry: string; cvc: string };

function CardForm({ replacing, onCancelReplace, onSaved }: { replacing: PaymentMethodView | null; onCancelReplace: () => void; onSaved: (text: string) => void }) {
  const save = useSaveSandboxMethod();
  const validate = useCallback((v: CardValues): FieldErrors => {
    const errors: FieldErrors = {};
    const digits = cardDigits(v.number);
    if (!v.number.trim()) errors.number = MSG.required;
    else if (!digits || !luhnValid(digits)) errors.number = 'validation.cardNumberInvalid';
    if (!v.expiry.trim()) errors.expiry = MSG.required;
    else if (!parseExpiry(v.expiry)) errors.expiry = 'validation.cardExpiryInvalid';
    if (!v.cvc.trim()) errors.cvc = MSG.required;
    else if (!cvcValid(v.cvc.trim())) errors.cvc = 'validation.cvcInvalid';
    return errors;
  }, []);
  const form = useForm<CardValues>({ number: '', expiry: '', cvc: '' }, validate);
  const { formRef, formError, setFormError, submit, focusInvalid } = useFormSubmit(form);

  const send = () => {
    const expiry = parseExpiry(form.values.expiry);
    if (!expiry) return;
    const details: NewMethodDetails = { card: { number: form.values.number.replace(/[\s-]/g, ''), cvc: form.values.cvc.trim(), ...expiry } };
    save.mutate(
      { details, ...(replacing ? { replaces: replacing.id } : {}) },
      {
        onSuccess: () => {
          form.reset();
          onSaved(replacing ? t.cardReplaced : t.cardSaved);
        },
        onError: (error) => {
          const fields = serverFields(error, { expMonth: 'expiry', expYear: 'expiry', paymentMethodId: 'number' });
          if (fields) {
            form.setServerErrors(fields);
            focusInvalid();
          } else setFormError(failure(error));
        },
      },
    );
  };

  const title = replacing ? t.replaceCardTitle(methodName(replacing)) : t.addCardTitle;
  return (
    <SettingsCard title={title} description={t.addCardIntro}>
      <form id="card-form" ref={formRef} noValidate onSubmit={submit(send)} className="grid gap-5">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <MessageField label={t.cardNumber} autoComplete="cc-number" inputMode="numeric" required maxLength={23} {...form.text('number')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <MessageField label={t.expiry} autoComplete="cc-exp" inputMode="numeric" required maxLength={9} placeholder="MM / YY" {...form.text('expiry')} />
          <MessageField label={t.cvc} autoComplete="cc-csc" inputMode="numeric" required maxLength={4} {...form.text('cvc')} />
        </div>
        <div className="flex flex-wrap gap-3">
          <SaveButton label={replacing ? t.saveReplacement : t.saveCard} pending={save.isPending} />
          {replacing ? (
            <button type="button" className="btn-secondary" onClick={onCancelReplace} disabled={save.isPending}>
              {t.cancelReplace}
            </button>
          ) : null}
        </div>
      </form>
    </SettingsCard>
  );
}

type BecsValues = { bsbNumber: string; accountNumber: string; accountHolderName: string; email: string; mandateAccepted: boolean };
const emptyBecs: BecsValues = { bsbNumber: '', accountNumber: '', accountHolderName: '', email: '', mandateAccepted: false };

function BecsForm({ onSaved }: { onSaved: (text: string) => void }) {
  const save = useSaveSandboxMethod();
  const validate = useCallback((v: BecsValues): FieldErrors => {
    const errors: FieldErrors = {};
    if (!v.bsbNumber.trim()) errors.bsbNumber = MSG.required;
    else if (!bsbDigits(v.bsbNumber)) errors.bsbNumber = 'validation.bsbInvalid';
    if (!v.accountNumber.trim()) errors.accountNumber = MSG.required;
    else if (!accountDigits(v.accountNumber)) errors.accountNumber = 'validation.accountNumberInvalid';
    if (!v.accountHolderName.trim()) errors.accountHolderName = MSG.required;
    if (!v.email.trim()) errors.email = MSG.required;
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) errors.email = MSG.emailInvalid;
    if (!v.mandateAccepted) errors.mandateAccepted = 'validation.mandateRequired';
    return errors;
  }, []);
  const form = useForm<BecsValues>(emptyBecs, validate);
  const { formRef, formError, setFormError, submit, focusInvalid } = useFormSubmit(form);
  const mandateId = 'becs-mandate-text';

  const send = () =>
    save.mutate(
      {
        details: {
          becs: {
            bsbNumber: form.values.bsbNumber.trim(),
            accountNumber: form.values.accountNumber.trim(),
            accountHolderName: form.values.accountHolderName.trim(),
            email: form.values.email.trim(),
            mandateAccepted: form.values.mandateAccepted,
          },
        },
      },
      {
        onSuccess: () => {
          form.reset(emptyBecs);
          onSaved(t.becsSaved);
        },
        onError: (error) => {
          const fields = serverFields(error);
          if (fields) {
            form.setServerErrors(fields);
            focusInvalid();
          } else setFormError(failure(error));
        },
      },
    );

  const mandateError = form.errorFor('mandateAccepted');
  return (
    <SettingsCard title={t.addBecsTitle} description={t.addBecsIntro}>
      <form ref={formRef} noValidate onSubmit={submit(send)} className="grid gap-5">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <MessageField label={t.bsb} inputMode="numeric" required maxLength={7} placeholder="000-000" {...form.text('bsbNumber')} />
          <MessageField label={t.accountNumber} inputMode="numeric" required maxLength={12} {...form.text('accountNumber')} />
        </div>
        <MessageField label={t.accountHolder} autoComplete="name" required maxLength={100} {...form.text('accountHolderName')} />
        <MessageField label={t.email} type="email" autoComplete="email" required maxLength={254} {...form.text('email')} />
        <p id={mandateId} className="rounded-lg bg-stone-50 p-4 text-xs leading-relaxed text-stone-700">
          {t.mandate}
        </p>
        <div>
          <CheckboxField
            name="mandateAccepted"
            checked={form.values.mandateAccepted}
            onChange={(checked) => form.setValue('mandateAccepted', checked)}
            onBlur={() => form.touch('mandateAccepted')}
            invalid={mandateError !== undefined}
            describedBy={mandateError ? `${mandateId} mandate-error` : mandateId}
          >
            {t.mandateLabel}
          </CheckboxField>
          {mandateError ? (
            <p id="mandate-error" role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {fieldMessage(mandateError)}
            </p>
          ) : null}
        </div>
        <SaveButton label={t.saveBecs} pending={save.isPending} />
      </form>
    </SettingsCard>
  );
}
