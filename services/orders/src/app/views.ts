/** Rows → the proto messages the gRPC handlers answer. */
import type { orders } from '@caskade/proto';
import { allowedTransitions, type Actor } from '../domain/processes';
import type { CheckoutRow } from '../db/checkouts';
import type { OrderRow, TransitionRow } from '../db/orders';
import type { Address, OrderLineRecord } from '../db/records';
import type { PaymentSummary } from './payment-view';

const iso = (d: Date | null | undefined): string => (d ? new Date(d).toISOString() : '');

/** A stored order line as the API shows it (lines stored before the category was kept show ''). */
export const orderLineView = (l: OrderLineRecord): orders.OrderLine => ({ ...l, category: l.category ?? '' });

export function addressView(a: Address | null): orders.Address | undefined {
  return a ? { name: a.name, street: a.street, city: a.city, state: a.state, country: a.country, postalCode: a.postalCode, phone: a.phone, email: a.email } : undefined;
}

export interface OrderViewContext {
  viewer: Actor;
  activity?: TransitionRow[];
  expiresAt?: Date | null;
  failureMessage?: string;
}

export function orderView(row: OrderRow, ctx: OrderViewContext): orders.Order {
  return {
    id: row.id,
    orderNumber: row.order_number,
    checkoutId: row.checkout_id ?? '',
    processName: row.process_name,
    state: row.state,
    lastTransition: row.last_transition,
    lastTransitionedAt: iso(row.last_transitioned_at),
    customer: { id: row.buyer_id, name: row.buyer_name },
    provider: { id: row.supplier_id, name: row.supplier_name },
    priced: row.priced,
    lines: row.lines.map(orderLineView),
    paymentTerm: row.payment_term,
    paymentMethodType: '',
    paymentStatus: row.payment_status,
    paymentDueAt: iso(row.payment_due_at),
    deliveryAddress: addressView(row.delivery_address),
    allowedTransitions: ctx.viewer === 'system' ? [] : allowedTransitions(row.process_name, row.state, ctx.viewer),
    activity: (ctx.activity ?? []).map((t) => ({ transition: t.transition, actor: t.actor, fromState: t.from_state, toState: t.to_state, at: iso(t.at), note: t.note })),
    createdAt: iso(row.created_at),
    viewerRole: ctx.viewer,
    paymentExpiresAt: ctx.expiresAt ? iso(ctx.expiresAt) : '',
    paymentFailureMessage: ctx.failureMessage ?? '',
    refundedCents: Number(row.refunded_cents),
    disputeReason: row.dispute_reason,
    payoutStatus: row.payout_status,
  };
}

export function checkoutView(row: CheckoutRow, rows: OrderRow[], payment: PaymentSummary | null): orders.Checkout {
  const pending = row.state === 'pending';
  return {
    id: row.id,
    state: row.state,
    orders: rows.filter((o) => o.state !== 'initial' || pending).map((o) => orderView(o, { viewer: 'customer', expiresAt: pending ? row.expires_at : null })),
    payinTotalCents: row.payin_total_cents,
    chargeNowCents: row.charge_now_cents,
    paymentStatus: payment?.status ?? (row.charge_now_cents === 0 ? 'none' : ''),
    nextActionUrl: payment?.nextActionUrl ?? '',
    clientSecret: pending ? (payment?.clientSecret ?? '') : '',
    failureCode: payment?.failureCode ?? '',
    failureMessage: payment?.failureMessage ?? '',
    bankTransfer: payment?.bankTransfer,
    createdAt: iso(row.created_at),
    expiresAt: pending ? iso(row.expires_at) : '',
    billing: row.billing_address ?? undefined,
  };
}
