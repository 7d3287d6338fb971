/**
 * The order's action buttons: exactly the transitions the API allows the viewer now
 * (`allowedTransitions`), each worded by its name and run behind the confirm popup (Yes/No, not
 * closable while it runs). A dispute asks for its reason; the operator's and the supplier's cancel
 * after a dispute refund in full or in part; Pay now picks a saved method. A failure stays in the
 * popup with the spec's message; after a transition the order is refetched (the hook).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ORDER_MSG, PAY_NOW, termChargeDropped } from '@caskade/orders/domain';
import { isApiError } from '../../api/client';
import { usePaymentConfig, usePaymentMethods } from '../../api/paymentMethods';
import { authenticatePayment } from '../../components/buying/stripe';
import { useTransitionOrder, type OrderView, type TransitionParams } from '../../api/orders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormMessage, SelectField, TextField } from '../../components/Field';
import { formatMoney } from '../../i18n/format';
import { fieldMessage, isCancelling, methodName, needsDisputeReason, offersPartialRefund, ordersUi, stateLabel, transitionWording } from '../../i18n/ordersMessages';
import { dollarsToCents } from '../../lib/dollars';
import { authRedirectState } from '../../lib/redirect';

const t = ordersUi.detail;
const DISPUTE_REASON_MAX = 2000;

/** The spec's failure message for a refused or failed transition: a racing one on 409 (or its checkout ended meanwhile), else the action's own. */
function failureText(error: unknown, transition: string): string {
  if (isApiError(error) && error.status === 409) return error.meta?.['reason'] === ORDER_MSG.checkoutEnded ? t.checkoutEnded : ORDER_MSG.pendingTransit;
  return transitionWording(transition).failed;
}

export function OrderActions({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  const location = useLocation();
  const transition = useTransitionOrder();
  const [asking, setAsking] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  /** The action done, its button may be gone: the focus goes to the status saying what was done. */
  const statusRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<'full' | 'partial'>('full');
  const [refundDollars, setRefundDollars] = useState('');
  // Pay now (a failed term charge) is paid with one of the buyer's saved methods.
  const [payMethod, setPayMethod] = useState('');

  const provider = usePaymentConfig();
  const stripeKey = provider.data?.provider === 'stripe' ? provider.data.publishableKey : '';

  const payinCents = order.priced?.payinTotalCents ?? 0;
  const maxRefund = formatMoney(payinCents);

  const open = (name: string) => {
    setStatus(null);
    setFailure(null);
    setFieldErrors({});
    setReason('');
    setRefund('full');
    setRefundDollars('');
    setPayMethod('');
    setAsking(name);
  };

  /** The popup's fields as the transition's params, or the field errors that stop it. */
  const paramsFor = (name: string): { params: TransitionParams } | { errors: Record<string, string> } => {
    if (name === PAY_NOW) return { params: { paymentMethodId: payMethod } };
    if (needsDisputeReason(name)) {
      const text = reason.trim();
      return text ? { params: { disputeReason: text } } : { errors: { disputeReason: t.disputeReasonRequired } };
    }
    if (offersPartialRefund(name) && refund === 'partial') {
      const cents = dollarsToCents(refundDollars);
      if (cents === null || cents < 1) return { errors: { refundCents: t.refundAmountInvalid } };
      if (cents > payinCents) return { errors: { refundCents: t.refundAmountTooHigh(maxRefund) } };
      return { params: { refundCents: cents } };
    }
    return { params: {} };
  };

  /** Stripe.js's challenge for a Pay now; confirmed, the order page watches for the payment to settle. */
  const authenticate = (publishableKey: string, clientSecret: string) => {
    setStatus(t.payNowAuthenticating);
    authenticatePayment(publishableKey, clientSecret).then(
      (message) => {
        if (message !== null) {
          setStatus(null);
          setFailure([t.payNowNotAuthenticated, message].filter(Boolean).join(' '));
          return;
        }
        setAsking(null);
        setStatus(t.payNowAuthenticated);
        void navigate(`${location.pathname}${location.search}`, { replace: true, state: { paymentSettling: Date.now() } });
      },
      () => {
        setStatus(null);
        setFailure(t.payNowNotAuthenticated);
      },
    );
  };

  const run = () => {
    if (!asking || transition.isPending) return;
    if (asking === PAY_NOW && !payMethod) return;
    const parsed = paramsFor(asking);
    if ('errors' in parsed) {
      setFieldErrors(parsed.errors);
      return;
    }
    setFieldErrors({});
    setFailure(null);
    const name = asking;
    transition.mutate(
      { id: order.id, transition: name, params: parsed.params },
      {
        onSuccess: (next) => {
          setAsking(null);
          setStatus(t.done(stateLabel(next.state)));
        },
        onError: (error) => {
          // Pay now with a card that asks for its bank's challenge: open it, coming back to this order after.
          const challenge = name === PAY_NOW && isApiError(error) ? error.meta?.['nextActionUrl'] : undefined;
          if (typeof challenge === 'string' && challenge.startsWith('/') && !challenge.startsWith('//')) {
            void navigate(challenge, { state: authRedirectState(location) });
            return;
          }
          // With Stripe, Stripe.js runs the bank's check in this page; its webhook then marks the order paid.
          const secret = name === PAY_NOW && isApiError(error) ? error.meta?.['clientSecret'] : undefined;
          if (typeof secret === 'string' && secret !== '' && stripeKey) {
            authenticate(stripeKey, secret);
            return;
          }
          const fields = isApiError(error) ? error.fields : {};
          const known = Object.fromEntries(Object.entries(fields).filter(([field]) => field === 'disputeReason' || field === 'refundCents').map(([field, key]) => [field, fieldMessage(key)]));
          if (Object.keys(known).length > 0) setFieldErrors(known);
          else setFailure(failureText(error, name));
        },
      },
    );
  };

  const wording = asking ? transitionWording(asking, order.viewerRole) : null;
  return (
    <>
      <div ref={statusRef} tabIndex={-1} className="mb-4 empty:hidden focus:outline-none" aria-live="polite">
        {status ? <FormMessage tone="success">{status}</FormMessage> : null}
      </div>
      {order.allowedTransitions.length > 0 ? (
        <section aria-label={t.actions} className="mb-6 flex flex-wrap gap-2">
          {order.allowedTransitions.map((name) => (
            <button key={name} type="button" className={isCancelling(name) ? 'btn-secondary' : 'btn-primary'} disabled={transition.isPending} onClick={() => open(name)}>
              {transitionWording(name, order.viewerRole).button}
            </button>
          ))}
        </section>
      ) : null}

      {asking && wording ? (
        <ConfirmDialog title={t.confirmTitle} onConfirm={run} onCancel={() => setAsking(null)} busy={transition.isPending} tone={isCancelling(asking) ? 'danger' : 'primary'} returnFocus={() => (statusRef.current?.hasChildNodes() ? statusRef.current : document.getElementById('main'))}>
          <p>{isCancelling(asking) && termChargeDropped(order) ? t.cancelUnchargedTerm : wording.confirm}</p>
          {needsDisputeReason(asking) ? (
            <TextField
              className="mt-4"
              name="disputeReason"
              label={t.disputeReason}
              hint={t.disputeReasonHint}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setFieldErrors({});
              }}
              error={fieldErrors['disputeReason']}
              wording={(text) => text}
              multiline
              rows={4}
              maxLength={DISPUTE_REASON_MAX}
              required
            />
          ) : null}
          {offersPartialRefund(asking) ? (
            <fieldset className="mt-4">
              <legend className="mb-2 text-sm font-medium text-stone-800">{t.refundChoice}</legend>
              <div className="grid gap-2">
                <label className="flex items-center gap-2">
                  <input type="radio" name="refund" value="full" checked={refund === 'full'} onChange={() => setRefund('full')} />
                  {t.fullRefund(maxRefund)}
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="refund" value="partial" checked={refund === 'partial'} onChange={() => setRefund('partial')} />
                  {t.partialRefund}
                </label>
              </div>
              {refund === 'partial' ? (
                <TextField
                  className="mt-3"
                  name="refundAmount"
                  label={t.refundAmount}
                  hint={t.refundAmountHint(maxRefund)}
                  value={refundDollars}
                  onChange={(e) => {
                    setRefundDollars(e.target.value);
                    setFieldErrors({});
                  }}
                  error={fieldErrors['refundCents']}
                  wording={(text) => text}
                  inputMode="decimal"
                  maxLength={16}
                  required
                />
              ) : null}
            </fieldset>
          ) : null}
          {asking === PAY_NOW ? <PayNowMethod value={payMethod} onChange={setPayMethod} /> : null}
          {failure ? (
            <div className="mt-4">
              <FormMessage tone="error">{failure}</FormMessage>
            </div>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** Pay now's choice of saved method (the default first); only the buyer who pays loads them. */
function PayNowMethod({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const methods = usePaymentMethods();
  const first = methods.data?.[0]?.id ?? '';
  useEffect(() => {
    if (!value && first) onChange(first);
  }, [value, first, onChange]);
  if (methods.isPending) return null;
  if (!methods.data || methods.data.length === 0) {
    return (
      <p className="mt-4 text-sm">
        <Link to="/account/payment-methods">{t.addPaymentMethod}</Link>
      </p>
    );
  }
  return (
    <SelectField className="mt-4" name="payWith" label={t.payWith} value={value} onChange={onChange} options={methods.data.map((m) => ({ value: m.id, label: methodName(m) }))} />
  );
}
