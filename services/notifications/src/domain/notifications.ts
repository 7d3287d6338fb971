/**
 * In-app notifications (and the push that carries each): the spec's kinds plus a new message,
 * where opening one goes, and its en-AU wording. Pure and browser-safe: the web's bell panel and
 * the push payload read the same text.
 */
import type { OrderParty } from './order-emails';

/** The spec's notification kinds (product-spec section 3), each from an order's event. */
export const ORDER_NOTIFICATION_KINDS = [
  'newOrder', 'expireShippingTime', 'orderDisputed', 'orderDelivered', 'orderReceived', 'orderCancelled',
  'orderReceivedReminder', 'orderReceivedFromDisputed', 'autoCancelOrderFromDisputed', 'dueDate',
] as const;
export type OrderNotificationKind = (typeof ORDER_NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KINDS = [...ORDER_NOTIFICATION_KINDS, 'newMessage'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isOrderNotificationKind = (kind: string): kind is OrderNotificationKind => (ORDER_NOTIFICATION_KINDS as readonly string[]).includes(kind);
export const isNotificationKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** The bell panel's first page; the API answers at most this many, newest first. */
export const NOTIFICATIONS_PAGE_SIZE = 30;

/** Where an order notification goes: the order's page on the recipient's side. */
export function orderNotificationPath(to: OrderParty, orderId: string): string {
  return `/${to === 'customer' ? 'orders' : 'sales'}/${encodeURIComponent(orderId)}`;
}

export const conversationPath = (conversationId: string): string => `/messages/${encodeURIComponent(conversationId)}`;

/** A path a notification may send the browser to: one of ours, never another origin. */
export function isNotificationPath(path: string): boolean {
  return /^\/(?:orders|sales|messages)\/[A-Za-z0-9._~%-]+$/.test(path);
}

export interface NotificationFacts {
  kind: string;
  orderNumber: string;
  /** The other party: the supplier's brand, the buyer's business, the message's sender. */
  otherPartyName: string;
}

const NAME_MAX = 80;

/** User text as one short line (no control characters or line breaks); rendered as text, never HTML. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/\s+/g, ' ').trim();
  return [...flat].slice(0, NAME_MAX).join('');
}

/** The one line the bell panel and the push show (en-AU). */
export function notificationText(n: NotificationFacts): { title: string; body: string } {
  const order = oneLine(n.orderNumber) || 'your order';
  const other = oneLine(n.otherPartyName);
  const from = other ? ` from ${other}` : '';
  const withOther = other ? ` with ${other}` : '';
  switch (n.kind) {
    case 'newOrder':
      return { title: 'New order', body: `Order ${order}${from} is waiting to be prepared.` };
    case 'expireShippingTime':
      return { title: 'Order waiting to be delivered', body: `Mark order ${order} as delivered soon, or it is cancelled.` };
    case 'orderDisputed':
      return { title: 'Order disputed', body: `${other || 'The buyer'} has disputed order ${order}.` };
    case 'orderDelivered':
      return { title: 'Order delivered', body: `Order ${order}${withOther} has been marked as delivered.` };
    case 'orderReceived':
      return { title: 'Order received', body: `${other || 'The buyer'} confirmed receiving order ${order}.` };
    case 'orderCancelled':
      return { title: 'Order cancelled', body: `Order ${order}${withOther} has been cancelled.` };
    case 'orderReceivedReminder':
      return { title: 'Did your order arrive?', body: `Please confirm receiving order ${order}, or open a dispute.` };
    case 'orderReceivedFromDisputed':
      return { title: 'Dispute resolved', body: `The dispute on order ${order} is resolved and the order is marked as received.` };
    case 'autoCancelOrderFromDisputed':
      return { title: 'Order cancelled', body: `The dispute on order ${order} was not resolved in time, so the order was cancelled.` };
    case 'dueDate':
      return { title: 'Payment due soon', body: `The payment term for order ${order}${withOther} ends soon.` };
    case 'newMessage':
      return { title: 'New message', body: other ? `${other} sent you a message.` : 'You have a new message.' };
    default:
      return { title: 'Notification', body: `Order ${order} has an update.` };
  }
}

export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';

/**
 * What a push service's answer means (RFC 8030): 2xx accepted; 404/410 the subscription is gone
 * for good (drop it); 408, 429 and 5xx are worth another try; any other 4xx will never succeed.
 */
export function pushOutcome(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'failed';
}

// The push subscription schemas live in their own module, so a page that needs only the wording
// above loads no zod (ADR 062); re-exported here for the modules that import them from this file.
export { pushEndpointInput, pushSubscriptionInput, type PushSubscriptionInput } from './push-subscription';
