/** Payment terms (calls-errors-constants §9), minimum order quantity and order numbers. Pure. */
export const PAYMENT_TERMS = ['30_days', '60_days', '90_days'] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];
/** The buyer's choice per supplier: pay now, or one of the terms the supplier offers. */
export const PAYMENT_TERM_CHOICES = ['none', ...PAYMENT_TERMS] as const;
export type PaymentTermChoice = (typeof PAYMENT_TERM_CHOICES)[number];

export const TERM_DAYS: Readonly<Record<PaymentTerm, number>> = { '30_days': 30, '60_days': 60, '90_days': 90 };

export const isPaymentTerm = (v: string): v is PaymentTerm => (PAYMENT_TERMS as readonly string[]).includes(v);
export const isPaymentTermChoice = (v: string): v is PaymentTermChoice => (PAYMENT_TERM_CHOICES as readonly string[]).includes(v);

/** When a term order is charged: `days` after it was placed. */
export function termDueDate(placedAt: Date, term: PaymentTerm): Date {
  return new Date(placedAt.getTime() + TERM_DAYS[term] * 24 * 60 * 60 * 1000);
}

export const DEFAULT_MINIMUM_ORDER_QUANTITY = 1;
export const MAX_MINIMUM_ORDER_QUANTITY = 100_000;

/** "Minimum order not met": the sum of a supplier's cart quantities must reach its minimum (default 1). */
export const minimumMet = (totalQuantity: number, minimum: number): boolean => totalQuantity >= Math.max(minimum, DEFAULT_MINIMUM_ORDER_QUANTITY);

/** Letters and digits a person reads aloud without confusion (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const ORDER_NUMBER_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';

/** `CK-XXXX-XXXX` from 8 random values 0–255 (the server passes crypto bytes; the domain stays pure). */
export function orderNumberFrom(bytes: ArrayLike<number>): string {
  if (bytes.length < 8) throw new RangeError('an order number needs 8 random bytes');
  let s = '';
  for (let i = 0; i < 8; i++) s += ORDER_NUMBER_ALPHABET[(bytes[i] ?? 0) % ORDER_NUMBER_ALPHABET.length];
  return `CK-${s.slice(0, 4)}-${s.slice(4)}`;
}

export const ORDER_NUMBER_PATTERN = new RegExp(`^CK-[${ORDER_NUMBER_ALPHABET}]{4}-[${ORDER_NUMBER_ALPHABET}]{4}$`);

/** Payment windows: a card or direct debit must complete in 15 minutes (spec); a bank transfer in 3 days (docs/decisions/031). */
export const PAYMENT_WINDOW_MS = 15 * 60 * 1000;
export const BANK_TRANSFER_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/** Inbox and order lists: 10 a page. */
export const ORDERS_PAGE_SIZE = 10;
export const INBOX_TABS = ['orders', 'sales'] as const;

/**
 * "Pay now" after a failed auto-charge (product-spec §4: "after a failed charge the user may
 * change payment method and pay again"): not a step of the process — the order stays where it is
 * — but an action the buyer is offered with the order's transitions while its term charge has failed.
 */
export const PAY_NOW = 'pay-now';
/** A term order's charge: … or `canceled`, the order canceled before it was charged (nothing is due). */
export const TERM_PAYMENT_STATUSES = ['pending', 'processing', 'paid', 'failed', 'refunded', 'canceled'] as const;

/** A term order canceled while its charge is still ahead (or failed): nothing is charged, so nothing is due. */
export const termChargeDropped = (order: { paymentTerm: string; paymentStatus: string }): boolean =>
  order.paymentTerm !== 'none' && order.paymentTerm !== '' && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed');
const PAYABLE_DELAYED_STATES = ['purchased-delayed-payment', 'delivered-delayed-payment', 'received-delayed-payment', 'disputed-delayed-payment', 'completed'];

export function payNowAllowed(order: { paymentTerm: string; state: string; paymentStatus: string }, actor: string): boolean {
  return actor === 'customer' && order.paymentTerm !== 'none' && order.paymentStatus === 'failed' && PAYABLE_DELAYED_STATES.includes(order.state);
}

/** The payments service's status of a term charge → the order's payment status. */
export function termPaymentStatus(paymentStatus: string): (typeof TERM_PAYMENT_STATUSES)[number] {
  if (paymentStatus === 'succeeded') return 'paid';
  if (paymentStatus === 'processing') return 'processing';
  return 'failed';
}
