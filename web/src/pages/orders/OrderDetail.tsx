/**
 * One order as its viewer may see it: line items (units, WET, shipping, GST; the supplier's fee
 * lines and payout to the supplier only), delivery address, payment, activity, and the actions the
 * API allows the viewer now (`allowedTransitions`), each behind a confirmation.
 */
import { useState, type ReactNode } from 'react';
import { useTransitionOrder, type OrderView } from '../../api/orders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormMessage, SelectField } from '../../components/Field';
import { Link } from 'react-router-dom';
import { ORDER_MSG, PAY_NOW } from '@caskade/orders/domain';
import { usePaymentMethods } from '../../api/paymentMethods';
import { methodName } from '../account/PaymentMethodsPage';
import { formatDate, formatDateTime, formatMoney } from '../../i18n/format';
import {
  ACTOR_LABELS,
  DELIVERY_METHOD_LABELS,
  LINE_ITEM_LABELS,
  ordersUi,
  PAYMENT_METHOD_TYPE_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_TERM_LABELS,
  stateLabel,
  transitionLabel,
} from '../../i18n/ordersMessages';
import { StateBadge } from './OrderList';

const t = ordersUi.detail;
type LineItem = NonNullable<OrderView['priced']>['lineItems'][number];

/** The lines the viewer's side of the order includes: buyers see theirs, suppliers theirs, the operator all. */
function visibleLines(order: OrderView): LineItem[] {
  const lines = order.priced?.lineItems ?? [];
  if (order.viewerRole === 'customer') return lines.filter((l) => l.includeFor.includes('customer'));
  if (order.viewerRole === 'provider') return lines.filter((l) => l.includeFor.includes('provider'));
  return lines;
}

const providerOnly = (line: LineItem) => !line.includeFor.includes('customer');

function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = `order-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`card p-5 sm:p-6 ${className}`}>
      <h2 id={id} className="mb-4 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One line of a definition list (a direct child of its <dl>). */
function Row({ label, value, className = '' }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={`flex justify-between gap-4 py-1.5 ${className}`}>
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{value}</dd>
    </div>
  );
}

export function OrderDetail({ order, headingLevel = 1 }: { order: OrderView; headingLevel?: 1 | 2 }) {
  const transition = useTransitionOrder();
  const [asking, setAsking] = useState<string | null>(null);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // Pay now (a failed term charge) is paid with one of the buyer's saved methods.
  const methods = usePaymentMethods();
  const [payWith, setPayWith] = useState('');
  const payNow = asking === PAY_NOW;
  const payMethod = payWith || methods.data?.[0]?.id || '';

  const run = () => {
    if (!asking) return;
    if (payNow && !payMethod) return;
    transition.mutate(
      { id: order.id, transition: asking, ...(payNow ? { params: { paymentMethodId: payMethod } } : {}) },
      {
        onSuccess: (next) => setStatus({ tone: 'success', text: t.done(stateLabel(next.state)) }),
        // The spec's action error, whatever the cause (the hook refetches an order that moved on).
        onError: () => setStatus({ tone: 'error', text: ordersUi.actionFailed }),
        onSettled: () => setAsking(null),
      },
    );
  };

  const lines = visibleLines(order);
  const units = lines.filter((l) => l.code === 'units');
  const others = lines.filter((l) => l.code !== 'units');
  const subtotal = units.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const deliveryMethods = [...new Set(order.lines.map((l) => l.deliveryMethod).filter(Boolean))].map((m) => DELIVERY_METHOD_LABELS[m] ?? m);
  const seesPayout = order.viewerRole !== 'customer';
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const bankTransfer = order.paymentMethodType === '' && order.paymentStatus === 'awaiting_transfer';
  const methodLabel = bankTransfer ? PAYMENT_METHOD_TYPE_LABELS.bank_transfer : order.paymentMethodType ? (PAYMENT_METHOD_TYPE_LABELS[order.paymentMethodType] ?? order.paymentMethodType) : '—';
  const waiting = /pending-payment/.test(order.state);

  return (
    <article aria-labelledby={`order-title-${order.id}`}>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <Heading id={`order-title-${order.id}`} className={headingLevel === 1 ? 'text-3xl font-bold tracking-tight text-stone-900' : 'text-2xl font-bold text-stone-900'}>
            {t.orderTitle(order.orderNumber)}
          </Heading>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-600">
            <div className="flex gap-1.5">
              <dt>{t.placed}:</dt>
              <dd className="text-stone-900">{formatDateTime(order.createdAt)}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt>{t.supplier}:</dt>
              <dd className="text-stone-900">{order.provider.name}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt>{t.buyer}:</dt>
              <dd className="text-stone-900">{order.customer.name}</dd>
            </div>
          </dl>
        </div>
        <p className="flex items-center gap-2 text-sm text-stone-600">
          <span>{t.status}:</span>
          <span data-testid="order-state">
            <StateBadge state={order.state} />
          </span>
        </p>
      </header>

      <div className="mb-4 empty:hidden" aria-live="polite">
        {status ? <FormMessage tone={status.tone}>{status.text}</FormMessage> : null}
      </div>
      {order.paymentTerm !== 'none' && order.paymentStatus === 'failed' ? (
        <div className="mb-4">
          <FormMessage tone="error">{ORDER_MSG.paymentFailed}</FormMessage>
        </div>
      ) : null}
      {order.paymentFailureMessage ? (
        <div className="mb-4">
          <FormMessage tone="error">{order.paymentFailureMessage}</FormMessage>
        </div>
      ) : null}

      {order.allowedTransitions.length > 0 ? (
        <section aria-label={t.actions} className="mb-6 flex flex-wrap gap-2">
          {order.allowedTransitions.map((name) => (
            <button
              key={name}
              type="button"
              className={/cancel/.test(name) ? 'btn-secondary' : 'btn-primary'}
              disabled={transition.isPending}
              onClick={() => {
                setStatus(null);
                setAsking(name);
              }}
            >
              {transitionLabel(name).button}
            </button>
          ))}
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Section title={t.items}>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[28rem] text-sm">
              <thead className="border-b border-stone-200 text-left text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t.item}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    {t.quantity}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    {t.unitPrice}
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-semibold">
                    {t.amount}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {units.map((line, i) => (
                  <tr key={`units-${i}`}>
                    <th scope="row" className="py-2.5 pr-3 text-left font-medium text-stone-900">
                      {line.description}
                    </th>
                    <td className="px-3 py-2.5 text-right">{line.quantity}</td>
                    <td className="px-3 py-2.5 text-right">{formatMoney(line.unitPriceCents)}</td>
                    <td className="py-2.5 pl-3 text-right">{formatMoney(line.lineTotalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="mt-4 border-t border-stone-200 pt-3 text-sm">
            <Row label={t.subtotal} value={formatMoney(subtotal)} />
            {others.map((line, i) => (
              <Row
                key={`${line.code}-${i}`}
                className={providerOnly(line) ? '-mx-2 rounded bg-stone-50 px-2' : ''}
                label={LINE_ITEM_LABELS[line.code] ?? line.description}
                value={formatMoney(line.lineTotalCents)}
              />
            ))}
            {order.priced ? <Row className="mt-2 border-t border-stone-200 pt-2 text-base" label={t.total} value={formatMoney(order.priced.payinTotalCents)} /> : null}
            {order.priced && seesPayout ? <Row className="text-base" label={order.viewerRole === 'provider' ? t.payout : t.supplierPayout} value={formatMoney(order.priced.payoutTotalCents)} /> : null}
          </dl>
          {deliveryMethods.length > 0 ? <p className="mt-3 text-sm text-stone-600">{t.delivery(deliveryMethods.join(', '))}</p> : null}
          {order.viewerRole === 'provider' ? <p className="mt-2 text-xs text-stone-500">{t.supplierOnly}</p> : null}
        </Section>

        <div className="grid content-start gap-6">
          <Section title={t.payment}>
            <dl className="text-sm">
              <Row label={t.method} value={methodLabel} />
              <Row label={t.paymentStatus} value={PAYMENT_STATUS_LABELS[order.paymentStatus] ?? (order.paymentStatus || '—')} />
              <Row label={t.term} value={PAYMENT_TERM_LABELS[order.paymentTerm] ?? order.paymentTerm} />
              {order.paymentDueAt ? <Row label={t.due} value={formatDate(order.paymentDueAt)} /> : null}
              {waiting && order.paymentExpiresAt ? <Row label={t.payBy} value={formatDateTime(order.paymentExpiresAt)} /> : null}
            </dl>
          </Section>
          <Section title={t.address}>
            {order.deliveryAddress ? (
              <address className="text-sm leading-relaxed text-stone-800 not-italic wrap-anywhere">
                {order.deliveryAddress.name}
                <br />
                {order.deliveryAddress.street}
                <br />
                {order.deliveryAddress.city} {order.deliveryAddress.state} {order.deliveryAddress.postalCode}
                <br />
                {order.deliveryAddress.phone} · {order.deliveryAddress.email}
              </address>
            ) : (
              <p className="text-sm text-stone-600">{t.noAddress}</p>
            )}
          </Section>
          <Section title={t.activity}>
            {order.activity.length === 0 ? (
              <p className="text-sm text-stone-600">{t.noActivity}</p>
            ) : (
              <ol className="grid gap-3 text-sm" aria-label={t.activity}>
                {order.activity.map((step, i) => (
                  <li key={`${step.at}-${i}`} className="border-l-2 border-brand-200 pl-3">
                    <p className="font-medium text-stone-900">{t.activityEntry(ACTOR_LABELS[step.actor] ?? step.actor, stateLabel(step.toState))}</p>
                    <p className="text-xs text-stone-600">
                      <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                    </p>
                    {step.note ? <p className="mt-1 text-stone-700 wrap-anywhere">{step.note}</p> : null}
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </div>
      </div>

      {asking ? (
        <ConfirmDialog
          title={t.confirmTitle}
          onConfirm={run}
          onCancel={() => setAsking(null)}
          busy={transition.isPending}
          tone={/cancel/.test(asking) ? 'danger' : 'primary'}
        >
          <p>{transitionLabel(asking).confirm}</p>
          {payNow ? (
            methods.data && methods.data.length > 0 ? (
              <SelectField
                className="mt-4"
                name="payWith"
                label={t.payWith}
                value={payMethod}
                onChange={(value) => setPayWith(value)}
                options={methods.data.map((m) => ({ value: m.id, label: methodName(m) }))}
              />
            ) : (
              <p className="mt-4 text-sm">
                <Link to="/account/payment-methods">{t.addPaymentMethod}</Link>
              </p>
            )
          ) : null}
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
