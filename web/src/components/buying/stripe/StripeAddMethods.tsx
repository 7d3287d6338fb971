/**
 * /account/payment-methods with the Stripe provider (the lazy Stripe chunk): add (or replace) a
 * card, and add an Australian bank account for BECS direct debit with the Direct Debit Request
 * shown and accepted — each entered in Stripe's element and saved through a SetupIntent.
 */
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodView } from '@caskade/gateway/contract';
import { MSG } from '@caskade/kit/rules';
import { isApiError } from '../../../api/client';
import { paymentMethodKeys } from '../../../api/paymentMethods';
import { CheckboxField, FormMessage, TextField } from '../../Field';
import { errorCodeMessage } from '../../../i18n/messages';
import { fieldMessage, ordersUi } from '../../../i18n/ordersMessages';
import { SettingsCard } from '../../../pages/account/AccountLayout';
import { SaveButton } from '../../../pages/account/accountForm';
import StripeElementField from './StripeElementField';
import { StripeEntryError } from './stripeClient';
import type { StripeBilling, StripeCollector } from './index';

const t = ordersUi.paymentMethods;

export interface StripeAddMethodsProps {
  publishableKey: string;
  email: string;
  /** A saved card being replaced (its Replace menu item), or null. */
  replacing: PaymentMethodView | null;
  replacingName: string;
  onCancelReplace: () => void;
  onSaved: (text: string) => void;
}

/** Stripe's own message for what it refused; the API's message for what Caskade refused. */
const failureText = (error: unknown): string | null => {
  if (error instanceof StripeEntryError) return null; // shown under the element already
  return isApiError(error) ? errorCodeMessage(error.code) : ordersUi.actionFailed;
};

function useSave(collector: RefObject<StripeCollector | null>, onSaved: () => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (billing: StripeBilling) => {
    const current = collector.current;
    if (!current || pending) return;
    setPending(true);
    setFailure(null);
    try {
      await current.collect(billing);
      await queryClient.invalidateQueries({ queryKey: paymentMethodKeys.methods });
      onSaved();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setPending(false);
    }
  };
  return { save, pending, failure };
}

export default function StripeAddMethods({ publishableKey, email, replacing, replacingName, onCancelReplace, onSaved }: StripeAddMethodsProps) {
  return (
    <>
      <StripeCardForm key={replacing?.id ?? 'new'} publishableKey={publishableKey} replacing={replacing} replacingName={replacingName} onCancelReplace={onCancelReplace} onSaved={onSaved} />
      <StripeBecsForm publishableKey={publishableKey} email={email} onSaved={onSaved} />
    </>
  );
}

function StripeCardForm({ publishableKey, replacing, replacingName, onCancelReplace, onSaved }: Omit<StripeAddMethodsProps, 'email'>) {
  const collector = useRef<StripeCollector | null>(null);
  const [generation, setGeneration] = useState(0);
  const { save, pending, failure } = useSave(collector, () => {
    // A fresh element for the next card.
    setGeneration((n) => n + 1);
    onSaved(replacing ? t.cardReplaced : t.cardSaved);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ name: '', email: '' });
  };
  return (
    <SettingsCard title={replacing ? t.replaceCardTitle(replacingName) : t.addCardTitle}>
      <form id="card-form" noValidate onSubmit={submit} className="grid gap-5">
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <StripeElementField key={generation} publishableKey={publishableKey} kind="card" label={t.cardDetails} collector={collector} {...(replacing ? { replaces: replacing.id } : {})} />
        <div className="flex flex-wrap gap-3">
          <SaveButton label={replacing ? t.saveReplacement : t.saveCard} pending={pending} />
          {replacing ? (
            <button type="button" className="btn-secondary" onClick={onCancelReplace} disabled={pending}>
              {t.cancelReplace}
            </button>
          ) : null}
        </div>
      </form>
    </SettingsCard>
  );
}

function StripeBecsForm({ publishableKey, email, onSaved }: Pick<StripeAddMethodsProps, 'publishableKey' | 'email' | 'onSaved'>) {
  const collector = useRef<StripeCollector | null>(null);
  const [generation, setGeneration] = useState(0);
  const [holder, setHolder] = useState('');
  const [notices, setNotices] = useState(email);
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<{ holder?: string; notices?: string; accepted?: string }>({});
  const { save, pending, failure } = useSave(collector, () => {
    setGeneration((n) => n + 1);
    setHolder('');
    setAccepted(false);
    onSaved(t.becsSaved);
  });
  const mandateId = 'stripe-becs-mandate-text';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!holder.trim()) next.holder = MSG.required;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(notices.trim())) next.notices = notices.trim() ? MSG.emailInvalid : MSG.required;
    if (!accepted) next.accepted = 'validation.mandateRequired';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    void save({ name: holder.trim(), email: notices.trim() });
  };
  return (
    <SettingsCard title={t.addBecsTitle} description={t.addBecsIntro}>
      <form noValidate onSubmit={submit} className="grid gap-5">
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <StripeElementField key={generation} publishableKey={publishableKey} kind="becs" label={t.bankAccount} collector={collector} />
        <TextField name="accountHolderName" label={t.accountHolder} autoComplete="name" required value={holder} onChange={(e) => setHolder(e.target.value)} error={errors.holder} wording={fieldMessage} />
        <TextField name="email" label={t.email} type="email" autoComplete="email" required value={notices} onChange={(e) => setNotices(e.target.value)} error={errors.notices} wording={fieldMessage} />
        <p id={mandateId} className="rounded-lg bg-stone-50 p-4 text-xs leading-relaxed text-stone-700">
          {t.mandate}
        </p>
        <CheckboxField name="mandateAccepted" checked={accepted} onChange={setAccepted} error={errors.accepted} wording={fieldMessage} describedBy={mandateId}>
          {t.mandateLabel}
        </CheckboxField>
        <SaveButton label={t.saveBecs} pending={pending} />
      </form>
    </SettingsCard>
  );
}
