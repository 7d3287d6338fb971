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

export interface OrderLineRecord {
  listingId: string;
  title: string;
  packageIndex: number;
  packageLabel: string;
  quantity: number;
  unitPriceCents: number;
  deliveryMethod: 'pickup' | 'shipping';
  cartEntryId: string;
}

/** The first answer to an idempotency key: what a replay answers (an error, or the checkout's id). */
export type CheckoutAnswer = { kind: 'ok'; outcome: unknown } | { kind: 'error'; code: string; meta: Record<string, unknown> };
