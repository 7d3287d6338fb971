/**
 * One order as its viewer may see it: line items (units, WET, shipping, GST; the supplier's fee
 * lines and payout to the supplier only), delivery address, payment, activity, and the actions the
 * API allows the viewer now (`allowedTransitions`), each behind a confirmation.
 */
import type { ReactNode } from 'react';
import type { OrderView } from '../../api/orders';
import { FormMessage } from '../../components/Field';
import { ORDER_MSG } from '@caskade/orders/domain';
import { supplierPayoutCents } from '@caskade/payments/domain';
import { formatPhone } from '@caskade/kit/rules';
import { formatDate, formatDateTime, formatMoney } from '../../i18n/format';
import {
  ACTOR_LABELS,
  LINE_ITEM_LABELS,
  ordersUi,
  PAYMENT_METHOD_TYPE_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_TERM_LABELS,
  PAYOUT_STATUS_LABELS,
  transitionWording,
} from '../../i18n/ordersMessages';
import { deliveryLabel } from '../../i18n/deliveryLabel';
import { InvoiceLinks } from './InvoiceLinks';
import { OrderActions } from './OrderActions';
import { ReorderButton } from './ReorderButton';
import { ReviewPanel } from './ReviewPanel';
import { StandingOrderPanel } from './StandingOrderPanel';
import { EnquiryPanel } from './EnquiryPanel';
import { useScrollsSideways } from '../../lib/useScrollsSideways';
import { StateBadge } from './OrderList';
import { MessageButton } from '../../components/messaging/MessageButton';
import { messagingUi } from '../../i18n/messagingMessages';

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
      <dt className="min-w-0 text-stone-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium wrap-anywhere text-stone-900">{value}</dd>
    </div>
  );
}

export function OrderDetail({ order, headingLevel = 1 }: { order: OrderView; headingLevel?: 1 | 2 }) {
  const lines = visibleLines(order);
  const units = lines.filter((l) => l.code === 'units');
  const itemsScroller = useScrollsSideways<HTMLDivElement>();
  const others = lines.filter((l) => l.code !== 'units');
  const subtotal = units.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const deliveryMethods = [...new Set(order.lines.filter((l) => l.deliveryMethod).map((l) => deliveryLabel(l.deliveryMethod, l.category)))];
  const seesPayout = order.viewerRole !== 'customer';
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const bankTransfer = order.paymentMethodType === '' && order.paymentStatus === 'awaiting_transfer';
  const methodLabel = bankTransfer ? PAYMENT_METHOD_TYPE_LABELS.bank_transfer : order.paymentMethodType ? (PAYMENT_METHOD_TYPE_LABELS[order.paymentMethodType] ?? order.paymentMethodType) : '—';
  const waiting = /pending-payment/.test(order.state);
  const onTerm = order.paymentTerm !== 'none' && order.paymentTerm !== '';
  const payinCents = order.priced?.payinTotalCents ?? 0;
  const paymentStatus =
    order.refundedCents > 0
      ? order.refundedCents >= payinCents
        ? t.refunded
        : t.partlyRefunded
      : onTerm && order.paymentStatus === 'pending' && order.paymentDueAt
        ? t.chargePending(formatDate(order.paymentDueAt))
        : onTerm && order.paymentStatus === 'canceled'
          ? t.termNotCharged
          : (PAYMENT_STATUS_LABELS[order.paymentStatus] ?? (order.paymentStatus || '—'));
  const payout = seesPayout ? PAYOUT_STATUS_LABELS[order.payoutStatus] : undefined;
  const partlyRefunded = order.refundedCents > 0 && order.refundedCents < payinCents;
  // A settlement that refunded only part is not "cancelled and refunded": say how much went back.
  const activityOf = (step: { transition: string; toState: string }) =>
    partlyRefunded && step.toState.startsWith('canceled') ? t.partlyRefundedActivity(formatMoney(order.refundedCents)) : transitionWording(step.transition).activity;

  return (
    <article aria-labelledby={`order-title-${order.id}`}>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Heading id={`order-title-${order.id}`} className={headingLevel === 1 ? 'text-3xl font-bold tracking-tight text-stone-900' : 'text-2xl font-bold text-stone-900'}>
            {t.orderTitle(order.orderNumber)}
          </Heading>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-600">
            <div className="flex gap-1.5">
              <dt>{t.placed}:</dt>
              <dd className="text-stone-900">{formatDateTime(order.createdAt)}</dd>
            </div>
            <div className="flex min-w-0 gap-1.5">
              <dt>{t.supplier}:</dt>
              <dd className="min-w-0 wrap-anywhere text-stone-900">{order.provider.name}</dd>
            </div>
            <div className="flex min-w-0 gap-1.5">
              <dt>{t.buyer}:</dt>
              <dd className="min-w-0 wrap-anywhere text-stone-900">{order.customer.name}</dd>
            </div>
          </dl>
          {order.viewerRole === 'customer' || order.viewerRole === 'provider' ? (
            <div className="mt-3">
              <MessageButton
                otherUserId={order.viewerRole === 'customer' ? order.provider.id : order.customer.id}
                label={order.viewerRole === 'customer' ? messagingUi.messageSupplier : messagingUi.messageBuyer}
              />
            </div>
          ) : null}
        </div>
        <p className="flex items-center gap-2 text-sm text-stone-600">
          <span>{t.status}:</span>
          <span data-testid="order-state">
            <StateBadge state={order.state} />
          </span>
        </p>
      </header>

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

      <OrderActions order={order} />
      <EnquiryPanel order={order} />
      {order.disputeReason ? (
        <section aria-labelledby={`order-dispute-${order.id}`} className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <h2 id={`order-dispute-${order.id}`} className="font-semibold">
            {t.disputeTitle}
          </h2>
          <p className="mt-1">
            <span className="font-medium">{t.disputeReasonShown}: </span>
            <span className="whitespace-pre-line wrap-anywhere">{order.disputeReason}</span>
          </p>
        </section>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Section title={t.items} className="min-w-0">
          {/* Narrow screens scroll the table sideways: the scroller is then a labelled stop the keyboard can reach (a group: the section around is the Items region). */}
          <div ref={itemsScroller.ref} className="overflow-x-auto" {...(itemsScroller.scrolls ? { role: 'group', 'aria-label': t.itemsScroller, tabIndex: 0 } : {})}>
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
                    <th scope="row" className="py-2.5 pr-3 text-left font-medium wrap-anywhere text-stone-900">
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
            {order.priced && seesPayout ? <Row className="text-base" label={order.viewerRole === 'provider' ? t.payout : t.supplierPayout} value={formatMoney(supplierPayoutCents(order))} /> : null}
          </dl>
          {deliveryMethods.length > 0 ? <p className="mt-3 text-sm text-stone-600">{t.delivery(deliveryMethods.join(', '))}</p> : null}
          {order.viewerRole === 'provider' ? <p className="mt-2 text-xs text-stone-500">{t.supplierOnly}</p> : null}
        </Section>

        <div className="grid min-w-0 content-start gap-6">
          <Section title={t.payment}>
            <dl className="text-sm">
              <Row label={t.method} value={methodLabel} />
              <Row label={t.paymentStatus} value={paymentStatus} />
              <Row label={t.term} value={PAYMENT_TERM_LABELS[order.paymentTerm] ?? order.paymentTerm} />
              {order.paymentDueAt && order.paymentStatus !== 'canceled' ? <Row label={t.due} value={formatDate(order.paymentDueAt)} /> : null}
              {waiting && order.paymentExpiresAt ? <Row label={t.payBy} value={formatDateTime(order.paymentExpiresAt)} /> : null}
              {order.refundedCents > 0 ? <Row label={t.refunded} value={formatMoney(order.refundedCents)} /> : null}
              {payout ? <Row label={t.payoutStatus} value={payout} /> : null}
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
                {formatPhone(order.deliveryAddress.phone)} · {order.deliveryAddress.email}
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
                    <p className="font-medium text-stone-900">{activityOf(step)}</p>
                    <p className="text-xs text-stone-600">
                      {t.activityBy(step.actor === order.viewerRole ? t.you : (ACTOR_LABELS[step.actor] ?? step.actor))} · <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                    </p>
                    {step.note ? <p className="mt-1 text-stone-700 wrap-anywhere">{step.note}</p> : null}
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </div>
      </div>
      <InvoiceLinks order={order} />
      <ReviewPanel order={order} />
      <ReorderButton order={order} />
      <StandingOrderPanel order={order} />
    </article>
  );
}
