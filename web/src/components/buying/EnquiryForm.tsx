/**
 * "Ask the supplier before buying" under the order panel's buttons (signed-in buyers): the question
 * goes with the package and quantity chosen above as an enquiry (POST /api/transactions — an order
 * in enquiry, the question sent to the supplier in Messages); then the enquiry's order page, where
 * the buyer pays for it when ready.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ORDER_MSG } from '@caskade/orders/domain';
import { isApiError } from '../../api/client';
import { useEnquire } from '../../api/orders';
import { pathTo } from '../../app/routes';
import { buyingMessage, buyingUi } from '../../i18n/buyingMessages';
import { FormMessage, TextField } from '../Field';

const t = buyingUi.panel;
const MESSAGE_MAX = 5000;

export function EnquiryForm({ listingId, packageIndex, quantity }: { listingId: string; packageIndex: number; quantity: number }) {
  const enquire = useEnquire();
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const send = () => {
    setFailure(null);
    if (!message.trim()) return setError('validation.required');
    setError(undefined);
    enquire.mutate(
      { listingId, packageIndex, quantity, message },
      {
        onSuccess: (order) => void navigate(pathTo('MyOrdersDetailPage', { id: order.id })),
        onError: (err) => {
          if (isApiError(err) && err.fields['message']) return setError(err.fields['message']);
          const reason = isApiError(err) ? err.meta?.['reason'] : undefined;
          setFailure(buyingMessage(typeof reason === 'string' ? reason : isApiError(err) ? err.code : ORDER_MSG.actionFailed));
        },
      },
    );
  };

  return (
    <details className="mt-4 rounded-lg border border-stone-200 p-3" data-testid="enquiry">
      <summary className="cursor-pointer text-sm font-semibold text-stone-800">{t.enquire}</summary>
      <div className="mt-3 grid gap-3">
        <TextField name="enquiryMessage" label={t.enquiryMessage} value={message} onChange={(event) => setMessage(event.target.value)} multiline rows={4} maxLength={MESSAGE_MAX} error={error} hint={t.enquiryHint} />
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <button type="button" className="btn-secondary justify-self-start" onClick={send} disabled={enquire.isPending} aria-busy={enquire.isPending || undefined}>
          {enquire.isPending ? t.sendingEnquiry : t.sendEnquiry}
        </button>
      </div>
    </details>
  );
}
