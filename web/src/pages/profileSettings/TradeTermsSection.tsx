/**
 * Profile settings → trade terms: the supplier's minimum order quantity (the sum of a buyer's cart
 * quantities for this supplier must reach it; default 1) and the payment terms it offers besides
 * paying now. Saved through PUT /api/own-brand; read back from GET /api/suppliers/{id}/terms.
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_MINIMUM_ORDER_QUANTITY, PAYMENT_TERMS, type PaymentTerm } from '@caskade/orders/domain';
import { isApiError } from '../../api/client';
import { useUpdateOwnBrand } from '../../api/catalog';
import { checkoutKeys, useSupplierTerms } from '../../api/checkout';
import { FormMessage, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { PAYMENT_TERM_LABELS } from '../../i18n/buyingMessages';
import { errorCodeMessage } from '../../i18n/messages';

/** Section wording (the page puts the heading and intro on its section frame). */
export const tradeTerms = {
  heading: 'Trade terms',
  intro: 'What buyers must order from you at least, and whether they may pay later.',
  minimum: 'Minimum order quantity',
  minimumHint: 'Packages per order, across all your listings in a buyer’s cart. 1 means no minimum.',
  minimumInvalid: `A whole number from 1 to ${MAX_MINIMUM_ORDER_QUANTITY.toLocaleString('en-AU')}`,
  terms: 'Payment terms you offer',
  termsHint: 'Buyers always can pay now. With a term, the order is placed at once and charged to the buyer’s saved payment method on the due date.',
  save: 'Save trade terms',
  saving: 'Saving…',
  saved: 'Trade terms saved.',
  loadFailed: 'Your trade terms could not be loaded.',
} as const;

export function TradeTermsSection({ userId }: { userId: string }) {
  const terms = useSupplierTerms(userId);
  if (terms.isPending) return <Spinner />;
  if (terms.isError) return <FormMessage tone="error">{tradeTerms.loadFailed}</FormMessage>;
  return <TradeTermsForm userId={userId} minimum={terms.data.minimumOrderQuantity} offered={terms.data.paymentTerms} />;
}

function TradeTermsForm({ userId, minimum, offered }: { userId: string; minimum: number; offered: readonly string[] }) {
  const queryClient = useQueryClient();
  const update = useUpdateOwnBrand(userId);
  const [quantity, setQuantity] = useState(String(minimum));
  const [chosen, setChosen] = useState<PaymentTerm[]>(PAYMENT_TERMS.filter((term) => offered.includes(term)));
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const value = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || value < 1 || value > MAX_MINIMUM_ORDER_QUANTITY) {
      setError(tradeTerms.minimumInvalid);
      return;
    }
    update.mutate(
      { minimumOrderQuantity: value, paymentTerms: chosen },
      {
        onSuccess: () => {
          setStatus({ tone: 'success', text: tradeTerms.saved });
          void queryClient.invalidateQueries({ queryKey: checkoutKeys.terms(userId) });
        },
        onError: (err) => {
          if (isApiError(err) && err.fields['minimumOrderQuantity']) setError(tradeTerms.minimumInvalid);
          else setStatus({ tone: 'error', text: isApiError(err) ? errorCodeMessage(err.code) : tradeTerms.loadFailed });
        },
      },
    );
  };
  const toggle = (term: PaymentTerm) => setChosen((prev) => (prev.includes(term) ? prev.filter((x) => x !== term) : PAYMENT_TERMS.filter((x) => x === term || prev.includes(x))));

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <div className="max-w-xs">
        <TextField
          name="minimumOrderQuantity"
          label={tradeTerms.minimum}
          hint={tradeTerms.minimumHint}
          inputMode="numeric"
          value={quantity}
          onChange={(e) => {
            setQuantity(e.target.value);
            setError(undefined);
          }}
          error={error}
          wording={(message) => message}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{tradeTerms.terms}</legend>
        <p className="mt-0.5 text-xs text-stone-600">{tradeTerms.termsHint}</p>
        <div className="mt-3 flex flex-wrap gap-4">
          {PAYMENT_TERMS.map((term) => (
            <label key={term} className="flex items-center gap-2 text-sm text-stone-800">
              <input type="checkbox" name="paymentTerms" value={term} checked={chosen.includes(term)} onChange={() => toggle(term)} />
              {PAYMENT_TERM_LABELS[term]}
            </label>
          ))}
        </div>
      </fieldset>
      {status ? <FormMessage tone={status.tone}>{status.text}</FormMessage> : null}
      <div>
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? tradeTerms.saving : tradeTerms.save}
        </button>
      </div>
    </form>
  );
}
