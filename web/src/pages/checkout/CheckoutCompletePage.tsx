/**
 * /checkout-complete/{id}: what came of a checkout. While the payment settles (processing, or a
 * challenge not answered yet) the page asks again every second. Then: each supplier order's
 * number, state and total; for a bank transfer, Caskade's account, the reference, the amount and
 * the date to pay by; after a failed payment the spec's message and a way to pay again with
 * another method; links to the buyer's orders.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { type PaymentTermChoice } from '@caskade/orders/domain';
import { useCart } from '../../api/cart';
import { isApiError } from '../../api/client';
import { useCheckout, usePay, usePaymentProvider, useSavedPaymentMethods, isSettling, type CheckoutView } from '../../api/checkout';
import { useCurrentUser } from '../../api/session';
import { pathTo } from '../../app/routes';
import { PaymentFields, initialPaymentForm, usePaymentResolver, validatePayment, type PaymentErrors, type PaymentForm } from '../../components/buying/PaymentFields';
import { authenticatePayment, useStripeEntry } from '../../components/buying/stripe';
import { LineItems } from '../../components/buying/LineItems';
import { FormMessage } from '../../components/Field';
import { NotFoundView } from '../../components/NotFoundView';
import { PageContainer } from '../../components/PageLayout';
import { Spinner } from '../../components/Spinner';
import { PAYMENT_TERM_LABELS, buyingUi, failureMessages } from '../../i18n/buyingMessages';
import { formatDate, formatDateTime, formatMoney } from '../../i18n/format';
import { nextPathFor } from './CheckoutForm';

const t = buyingUi.complete;

export default function CheckoutCompletePage() {
  const { id = '' } = useParams();
  const checkout = useCheckout(id);
  if (checkout.isPending) return <Spinner />;
  if (checkout.isError) {
    if (isApiError(checkout.error) && (checkout.error.status === 404 || checkout.error.status === 400)) return <NotFoundView />;
    return (
      <PageContainer width="medium">
        <FormMessage tone="error">{failureMessages(checkout.error).join(' ')}</FormMessage>
      </PageContainer>
    );
  }
  return <Outcome checkout={checkout.data} />;
}

function Outcome({ checkout }: { checkout: CheckoutView }) {
  const settling = isSettling(checkout);
  const provider = usePaymentProvider();
  const stripeKey = provider.data?.provider === 'stripe' ? provider.data.publishableKey : '';
  // Bought entries leave the cart a moment after the purchase: the badge follows.
  const bought = new Set(checkout.state === 'purchased' ? checkout.orders.flatMap((o) => o.lines.map((l) => l.cartEntryId)) : []);
  useCart(true, (cart) => cart.suppliers.some((g) => g.entries.some((e) => bought.has(e.id))));
  const failed = checkout.state === 'pending' && checkout.paymentStatus === 'requires_payment_method';
  const awaitingTransfer = checkout.paymentStatus === 'awaiting_transfer' && checkout.bankTransfer !== null;
  const expired = checkout.state !== 'pending' && checkout.state !== 'purchased';
  const title = settling ? t.processing : failed ? t.failedTitle : awaitingTransfer ? t.awaitingTransfer : expired ? t.expiredTitle : t.title;
  return (
    <PageContainer width="medium">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">{title}</h1>
      <div aria-live="polite" className="mt-4 grid gap-6">
        {settling && checkout.paymentStatus === 'requires_action' && checkout.clientSecret && stripeKey ? (
          <StripeAuthentication publishableKey={stripeKey} clientSecret={checkout.clientSecret} />
        ) : settling && checkout.paymentStatus === 'requires_action' && checkout.nextActionUrl.startsWith('/') ? (
          <Link to={checkout.nextActionUrl} className="btn-primary justify-self-start">
            {buyingUi.challenge.title}
          </Link>
        ) : null}
        {settling ? <Spinner /> : null}
        {failed ? <PayAgain checkout={checkout} /> : null}
        {expired ? <p className="text-stone-700">{t.expiredBody}</p> : null}
        {awaitingTransfer && checkout.bankTransfer ? <TransferInstructions transfer={checkout.bankTransfer} /> : null}
      </div>

      <section aria-labelledby="orders-heading" className="mt-8">
        <h2 id="orders-heading" className="text-lg font-semibold text-stone-900">
          {t.orders(checkout.orders.length)}
        </h2>
        <ul className="mt-3 grid gap-4">
          {checkout.orders.map((order) => (
            <li key={order.id} aria-label={`${t.orderNumber} ${order.orderNumber}`} className="card p-5">
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-stone-600">{t.orderNumber}</dt>
                  <dd className="font-mono font-semibold text-stone-900">{order.orderNumber}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">{t.supplier}</dt>
                  <dd className="text-stone-900">{order.provider.name}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">{t.state}</dt>
                  <dd className="text-stone-900" data-state={order.state}>
                    {buyingUi.orderState[order.state] ?? order.state}
                  </dd>
                </div>
                <div>
                  <dt className="text-stone-600">{t.total}</dt>
                  <dd className="font-semibold text-stone-900 tabular-nums">{formatMoney(order.priced?.payinTotalCents ?? 0)}</dd>
                </div>
              </dl>
              {order.paymentTerm !== 'none' ? (
                <p className="mt-2 text-sm text-stone-700">
                  {buyingUi.checkout.term(PAYMENT_TERM_LABELS[order.paymentTerm as PaymentTermChoice] ?? order.paymentTerm)}
                  {order.paymentDueAt ? ` · ${t.dueLater(formatDate(order.paymentDueAt))}` : ''}
                </p>
              ) : null}
              {order.priced ? (
                <details className="mt-3 text-sm">
                  <summary className="cursor-pointer text-stone-700">{buyingUi.lines.caption}</summary>
                  <LineItems priced={order.priced} className="mt-2" />
                </details>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="mt-4 flex justify-between border-t border-stone-200 pt-3 font-semibold text-stone-900">
          <span>{t.totalPaid}</span>
          <span className="tabular-nums" data-testid="checkout-total">
            {formatMoney(checkout.payinTotalCents)}
          </span>
        </p>
      </section>

      <Link to={pathTo('MyOrdersPage')} className="btn-secondary mt-8">
        {t.viewOrders}
      </Link>
    </PageContainer>
  );
}

function TransferInstructions({ transfer }: { transfer: NonNullable<CheckoutView['bankTransfer']> }) {
  const rows: [string, string][] = [
    [t.accountName, transfer.accountName],
    [t.bsb, transfer.bsb],
    [t.accountNumber, transfer.accountNumber],
    [t.reference, transfer.reference],
    [t.amount, formatMoney(transfer.amountCents)],
    [t.dueBy, formatDateTime(transfer.dueBy)],
  ];
  return (
    <section aria-labelledby="transfer-heading" className="card p-5">
      <h2 id="transfer-heading" className="text-lg font-semibold text-stone-900">
        {t.transferHeading}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t.transferIntro}</p>
      <dl className="mt-4 grid gap-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-stone-100 pb-2">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-medium text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** After a failed payment (a declined card, a failed challenge): the spec's message, another method, pay again. */
function PayAgain({ checkout }: { checkout: CheckoutView }) {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const saved = useSavedPaymentMethods();
  const provider = usePaymentProvider();
  const stripe = useStripeEntry(provider.data);
  const newMethods = provider.data?.provider === 'sandbox' || stripe !== null;
  const [form, setForm] = useState<PaymentForm | null>(null);
  const [errors, setErrors] = useState<PaymentErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pay = usePay();
  const resolve = usePaymentResolver(stripe);
  if (saved.isPending || provider.isPending) return <Spinner />;
  const current = form ?? initialPaymentForm(saved.data ?? [], user?.email ?? '', newMethods);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Busy, Pay again stays focusable (aria-disabled: a disabled button drops the keyboard focus) and ignores the press.
    if (pay.isPending) return;
    setFailure(null);
    const next = validatePayment(current, new Date(), stripe !== null);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const choice = await resolve(current);
      const answer = await pay.mutateAsync({ retryCheckoutId: checkout.id, payment: choice });
      if (answer.paymentStatus === 'requires_payment_method') return setFailure(answer.failureMessage);
      void navigate(nextPathFor(answer), { replace: true });
    } catch (error) {
      setFailure(failureMessages(error).join(' '));
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="card grid gap-4 p-5">
      <FormMessage tone="error">{failure ?? checkout.failureMessage}</FormMessage>
      <h2 className="text-lg font-semibold text-stone-900">{t.changeMethod}</h2>
      <PaymentFields form={current} onChange={setForm} errors={errors} saved={saved.data ?? []} newMethods={newMethods} stripe={stripe} />
      <button type="submit" className="btn-primary justify-self-start px-6 py-3" aria-disabled={pay.isPending || undefined} aria-busy={pay.isPending || undefined}>
        {pay.isPending ? buyingUi.checkout.paying : buyingUi.checkout.payAgain}
      </button>
    </form>
  );
}

/**
 * A Stripe card payment that asks for authentication (3-D Secure): Stripe.js runs the bank's check
 * in the page as soon as the page shows it (handleNextAction), and again when the buyer asks. The
 * page keeps polling the checkout: Stripe's webhook moves the payment when the check is done.
 */
function StripeAuthentication({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const [state, setState] = useState<{ step: 'running' | 'done' } | { step: 'failed'; message: string }>({ step: 'running' });
  const started = useRef('');
  const run = useCallback(() => {
    setState({ step: 'running' });
    authenticatePayment(publishableKey, clientSecret).then(
      (message) => setState(message === null ? { step: 'done' } : { step: 'failed', message }),
      () => setState({ step: 'failed', message: '' }),
    );
  }, [publishableKey, clientSecret]);
  useEffect(() => {
    if (started.current === clientSecret) return;
    started.current = clientSecret;
    run();
  }, [clientSecret, run]);
  const c = buyingUi.challenge;
  if (state.step === 'failed') {
    return (
      <div className="grid gap-3">
        <FormMessage tone="error">{[c.stripeFailed, state.message].filter(Boolean).join(' ')}</FormMessage>
        <button type="button" className="btn-primary justify-self-start" onClick={run}>
          {c.stripeRetry}
        </button>
      </div>
    );
  }
  return <p className="text-stone-700" data-testid="stripe-authentication">{state.step === 'running' ? c.stripeRunning : c.stripeDone}</p>;
}
