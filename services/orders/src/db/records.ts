/** The JSON the orders tables hold (snapshots taken at checkout). */
import type { PricedOrder } from '../domain/pricing';

export type PricedOrderRecord = PricedOrder;

export interface Address {
  name: string;
  street: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  phone: string;
  email: string;
}

export interface BillingAddress {
  addressLine1: string;
  addressLine2: string;
  postal: string;
  city: string;
  state: string;
  country: string;
}

export interface OrderLineRecord {
  listingId: string;
  title: string;
  packageIndex: number;
  packageLabel: string;
  quantity: number;
  unitPriceCents: number;
  deliveryMethod: 'pickup' | 'shipping';
  cartEntryId: string;
  /** The listing's category at purchase; absent on lines stored before it was kept. */
  category?: string;
}

/** The first answer to an idempotency key: what a replay answers (an error, or the checkout's id). */
/**
 * The first answer to an idempotency key: what a replay answers. `interrupted`: the first request
 * failed on our side (a service down half-way); a replay answers the checkout as it is now, since
 * the payment event or the expiry timer carries it on.
 */
export type CheckoutAnswer = { kind: 'ok'; outcome: unknown } | { kind: 'error'; code: string; meta: Record<string, unknown> } | { kind: 'interrupted' };
