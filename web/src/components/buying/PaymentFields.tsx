/**
 * How the buyer pays at checkout (and when paying again after a decline): a saved card or BECS
 * mandate, a new card, a new AU BECS direct debit with the mandate text, or bank transfer. Card
 * and bank details go only to the sandbox endpoint, which answers a payment method id — exactly
 * what Stripe Elements does in the browser — and are never kept in the app's state longer than
 * the form. With the Stripe provider they are entered in Stripe's element instead (ADR 050), saved
 * through a SetupIntent when the buyer pays.
 */
import { Suspense, useId, useState, type ChangeEvent } from 'react';
import { accountDigits, bsbDigits, cardDigits, cvcValid, luhnValid } from '@caskade/payments/domain';
import { createSandboxPaymentMethod, type PaymentChoice, type PaymentMethodView } from '../../api/checkout';
import { buyingMessage, buyingUi } from '../../i18n/buyingMessages';
import { CheckboxField, TextField } from '../Field';
import { StripeElementField, type StripeEntry } from './stripe';

const t = buyingUi.checkout;

export type MethodKind = 'saved' | 'card' | 'becs' | 'bank';

export interface PaymentForm {
  kind: MethodKind;
  savedId: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  bsb: string;
  accountNumber: string;
  accountHolder: string;
  becsEmail: string;
  mandateAccepted: boolean;
}

export type PaymentErrors = Partial<Record<keyof PaymentForm, string>>;

/** The default choice: the default saved method when there is one (not an expired card), else a new card (or bank transfer when new methods cannot be entered). */
export function initialPaymentForm(saved: readonly PaymentMethodView[], email: string, newMethods: boolean): PaymentForm {
  const usable = saved.find((m) => m.isDefault && !m.expired) ?? saved.find((m) => !m.expired);
  return {
    kind: usable ? 'saved' : newMethods ? 'card' : 'bank',
    savedId: usable?.id ?? '',
    cardNumber: '',
    expiry: '',
    cvc: '',
    bsb: '',
    accountNumber: '',
    accountHolder: '',
    becsEmail: email,
    mandateAccepted: false,
  };
}

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** The card's expiry as month and four-digit year, or null when it is not MM/YY. */
function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const year = (m[2] ?? '').length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** `viaStripe`: card and bank details are in Stripe's element, which checks them itself. */
export function validatePayment(form: PaymentForm, now = new Date(), viaStripe = false): PaymentErrors {
  const errors: PaymentErrors = {};
  if (form.kind === 'saved' && !form.savedId) errors.savedId = 'paymentMethodRequired';
  if (form.kind === 'card' && !viaStripe) {
    // The payments service's card rules (as on the payment methods page): a real card number passes the Luhn check.
    const number = cardDigits(form.cardNumber);
    if (!number || !luhnValid(number)) errors.cardNumber = 'cardNumberInvalid';
    const expiry = parseExpiry(form.expiry);
    if (!expiry) errors.expiry = 'cardExpiryInvalid';
    else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)) errors.expiry = 'cardExpired';
    if (!cvcValid(form.cvc.trim())) errors.cvc = 'cardCvcInvalid';
  }
  if (form.kind === 'becs') {
    if (!viaStripe && !bsbDigits(form.bsb)) errors.bsb = 'bsbInvalid';
    if (!viaStripe && !accountDigits(form.accountNumber)) errors.accountNumber = 'accountNumberInvalid';
    if (!form.accountHolder.trim()) errors.accountHolder = 'validation.required';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.becsEmail.trim())) errors.becsEmail = 'validation.emailInvalid';
    if (!form.mandateAccepted) errors.mandateAccepted = 'mandateRequired';
  }
  return errors;
}

/**
 * The payment choice the API takes. A new card or mandate becomes a payment method id once; the
 * same details sent again (a retried submission) reuse it, so a retry is the same request. With
 * Stripe the element saves it (SetupIntent, then attach) and keeps it until the buyer edits it.
 */
export function usePaymentResolver(stripe: StripeEntry | null = null) {
  const [made, setMade] = useState<{ fingerprint: string; id: string } | null>(null);
  return async (form: PaymentForm): Promise<PaymentChoice> => {
    if (form.kind === 'bank') return { bankTransfer: true };
    if (form.kind === 'saved') return { paymentMethodId: form.savedId };
    if (stripe) {
      const collector = stripe.collector.current;
      if (!collector) throw new Error('Stripe Elements is still loading');
      const method = await collector.collect({ name: form.accountHolder.trim(), email: form.becsEmail.trim() });
      return { paymentMethodId: method.id };
    }
    const fingerprint = JSON.stringify(form.kind === 'card' ? [form.cardNumber, form.expiry, form.cvc] : [form.bsb, form.accountNumber, form.accountHolder, form.becsEmail]);
    if (made?.fingerprint === fingerprint) return { paymentMethodId: made.id };
    const expiry = parseExpiry(form.expiry);
    const id =
      form.kind === 'card'
        ? await createSandboxPaymentMethod({ card: { number: digits(form.cardNumber), expMonth: expiry?.month ?? 0, expYear: expiry?.year ?? 0, cvc: form.cvc.trim() } })
        : await createSandboxPaymentMethod({
            becs: { bsbNumber: digits(form.bsb), accountNumber: digits(form.accountNumber), accountHolderName: form.accountHolder.trim(), email: form.becsEmail.trim(), mandateAccepted: form.mandateAccepted },
          });
    setMade({ fingerprint, id });
    return { paymentMethodId: id };
  };
}

interface PaymentFieldsProps {
  form: PaymentForm;
  onChange: (next: PaymentForm) => void;
  errors: PaymentErrors;
  saved: readonly PaymentMethodView[];
  /** New cards and BECS mandates can be entered (the sandbox provider, or Stripe). */
  newMethods: boolean;
  /** Stripe's elements take the card and bank details (the Stripe provider). */
  stripe?: StripeEntry | null;
}

export function PaymentFields({ form, onChange, errors, saved, newMethods, stripe = null }: PaymentFieldsProps) {
  const id = useId();
  const set = <K extends keyof PaymentForm>(key: K, value: PaymentForm[K]) => onChange({ ...form, [key]: value });
  const text = (key: 'cardNumber' | 'expiry' | 'cvc' | 'bsb' | 'accountNumber' | 'accountHolder' | 'becsEmail') => ({
    name: key,
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, event.target.value),
    error: errors[key],
    wording: buyingMessage,
  });
  const choices: { value: string; label: string; kind: MethodKind; savedId?: string; disabled?: boolean }[] = [
    ...saved.map((m) => ({
      value: `saved:${m.id}`,
      kind: 'saved' as const,
      savedId: m.id,
      disabled: m.expired,
      label: m.type === 'card' ? `${t.savedCard(m.brand, m.last4, m.expMonth, m.expYear)}${m.expired ? ` (${t.expired})` : ''}` : t.savedBecs(m.bsb, m.last4),
    })),
    ...(newMethods
      ? [
          { value: 'card', label: t.newCard, kind: 'card' as const },
          { value: 'becs', label: t.becs, kind: 'becs' as const },
        ]
      : []),
    { value: 'bank', label: t.bankTransfer, kind: 'bank' },
  ];
  const current = form.kind === 'saved' ? `saved:${form.savedId}` : form.kind;
  return (
    <div className="grid gap-4">
      <fieldset aria-describedby={errors.savedId ? `${id}-method-error` : undefined}>
        <legend className="sr-only">{t.payment}</legend>
        <div className="grid gap-2">
          {choices.map((choice) => (
            <label
              key={choice.value}
              className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
                current === choice.value ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-800'
              } ${choice.disabled ? 'cursor-not-allowed opacity-60' : ''}`}
            >
              <input
                type="radio"
                name={`${id}-method`}
                value={choice.value}
                checked={current === choice.value}
                disabled={choice.disabled}
                aria-invalid={errors.savedId ? true : undefined}
                className="accent-brand-700"
                onChange={() => onChange({ ...form, kind: choice.kind, savedId: choice.savedId ?? form.savedId })}
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>

      {form.kind === 'card' && stripe ? (
        <Suspense fallback={null}>
          <StripeElementField publishableKey={stripe.publishableKey} kind="card" label={t.cardDetails} collector={stripe.collector} />
        </Suspense>
      ) : null}
      {form.kind === 'card' && !stripe ? (
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <TextField label={t.cardNumber} autoComplete="cc-number" inputMode="numeric" maxLength={23} {...text('cardNumber')} />
          <TextField label={t.expiry} autoComplete="cc-exp" placeholder="MM/YY" maxLength={7} {...text('expiry')} />
          <TextField label={t.cvc} autoComplete="cc-csc" inputMode="numeric" maxLength={4} {...text('cvc')} />
        </div>
      ) : null}

      {form.kind === 'becs' ? (
        <div className="grid gap-4">
          {stripe ? (
            <Suspense fallback={null}>
              <StripeElementField publishableKey={stripe.publishableKey} kind="becs" label={t.bankAccount} collector={stripe.collector} />
            </Suspense>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t.bsb} inputMode="numeric" maxLength={7} placeholder="000-000" {...text('bsb')} />
              <TextField label={t.accountNumber} inputMode="numeric" maxLength={12} {...text('accountNumber')} />
            </div>
          )}
          <TextField label={t.accountHolder} autoComplete="name" {...text('accountHolder')} />
          <TextField label={t.becsEmail} type="email" autoComplete="email" {...text('becsEmail')} />
          <p id={`${id}-mandate`} className="rounded-lg bg-stone-50 p-3 text-xs leading-relaxed text-stone-700">
            {t.mandate}
          </p>
          <CheckboxField
            name="mandateAccepted"
            checked={form.mandateAccepted}
            onChange={(checked) => set('mandateAccepted', checked)}
            error={errors.mandateAccepted}
            wording={buyingMessage}
            describedBy={`${id}-mandate`}
          >
            {t.mandateAccept}
          </CheckboxField>
        </div>
      ) : null}

      {form.kind === 'bank' ? <p className="text-sm text-stone-700">{t.bankTransferNote}</p> : null}
      {errors.savedId ? (
        <p id={`${id}-method-error`} className="text-sm font-medium text-red-700">
          {buyingMessage(errors.savedId)}
        </p>
      ) : null}
    </div>
  );
}

