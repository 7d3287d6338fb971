/**
 * Which order email goes to whom when an order moves (orders.order.transitioned), as data: the
 * first rule whose states (prefixes: `received` covers received-delayed-payment and
 * received-multi-vendor) and actor match names the kind and its recipients. No match, no email.
 * Pure and browser-safe.
 */
import type { OrderEmailKind } from './templates';

/** The order's two parties, as the orders processes name them: the buyer and the supplier. */
export type OrderParty = 'customer' | 'provider';

export interface OrderEmailRule {
  kind: OrderEmailKind;
  to: readonly OrderParty[];
  /** The state the order moved to starts with one of these. */
  toState: readonly string[];
  /** The state it left starts with one of these (any when absent). */
  fromState?: readonly string[];
  /** Who ran the transition (any when absent). */
  actor?: 'customer' | 'provider' | 'operator' | 'system';
}

export const ORDER_EMAIL_RULES: readonly OrderEmailRule[] = [
  // Paid (or purchased on a payment term): the supplier has a new order.
  { kind: 'newOrder', to: ['provider'], toState: ['purchased'] },
  { kind: 'orderDelivered', to: ['customer'], toState: ['delivered'] },
  { kind: 'orderReceived', to: ['provider'], toState: ['received'], fromState: ['delivered', 'purchased'] },
  { kind: 'orderDisputed', to: ['provider'], toState: ['disputed'] },
  { kind: 'orderReceivedFromDisputed', to: ['customer'], toState: ['received'], fromState: ['disputed'] },
  // The dispute timed out: both are told it was cancelled on its own.
  { kind: 'autoCancelOrderFromDisputed', to: ['customer', 'provider'], toState: ['canceled'], fromState: ['disputed'], actor: 'system' },
  // A payment cancelled before the order was bought: the supplier never had it, only the buyer hears.
  { kind: 'orderCancelled', to: ['customer'], toState: ['canceled'], fromState: ['pending-payment'] },
  { kind: 'orderCancelled', to: ['customer', 'provider'], toState: ['canceled'] },
];

export interface OrderMove {
  fromState: string;
  toState: string;
  actor: string;
}

const startsWithAny = (state: string, prefixes: readonly string[]) => prefixes.some((p) => state.startsWith(p));

/** The emails an order's move asks for: one per recipient of the first matching rule, else none. */
export function orderEmailsFor(move: OrderMove): { kind: OrderEmailKind; to: OrderParty }[] {
  const rule = ORDER_EMAIL_RULES.find(
    (r) => startsWithAny(move.toState, r.toState) && (!r.fromState || startsWithAny(move.fromState, r.fromState)) && (!r.actor || r.actor === move.actor),
  );
  return rule ? rule.to.map((to) => ({ kind: rule.kind, to })) : [];
}
