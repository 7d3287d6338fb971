import type { Logger, PromiseClient } from '@caskade/kit';
import type { cart, catalog, identity, payments } from '@caskade/proto';
import type { Kysely } from 'kysely';
import type { OrdersDB } from '../db/schema';
import type { OrderRow } from '../db/orders';
import type { Memo } from './memo';
import type { TimerDurations } from './order-timers';

/** The shipping-order step of the saga: a no-op until the shipping service exists. */
export interface ShippingPort {
  createShippingOrder(order: OrderRow): Promise<void>;
  /** A canceled order's shipping order goes (a no-op until the shipping service exists). */
  removeShippingOrder(order: OrderRow): Promise<void>;
}

export interface OrdersDeps {
  db: Kysely<OrdersDB>;
  logger: Logger;
  now: () => Date;
  /** Called after a transaction that wrote events commits: wakes the outbox relay. */
  eventsWritten: () => void;
  /** Wakes the timer loop (a timer was scheduled sooner than its next poll). */
  timersChanged: () => void;
  identity: Pick<PromiseClient<typeof identity.IdentityServiceService>, 'getUsers'>;
  catalog: Pick<PromiseClient<typeof catalog.CatalogServiceService>, 'getListing' | 'reserveStock' | 'commitReservation' | 'releaseReservation' | 'restockQuantity'>;
  cart: Pick<PromiseClient<typeof cart.CartServiceService>, 'getCart' | 'listDeliveryAddresses' | 'getSupplierTerms' | 'addToCart' | 'takeCheckoutLines'>;
  payments: Pick<PromiseClient<typeof payments.PaymentsServiceService>, 'createPayment' | 'checkPaymentMethod' | 'getPayment' | 'retryPayment' | 'cancelPayment' | 'markBankTransferReceived' | 'findMissingPayoutAccounts' | 'refundPayment' | 'listPaymentMethods'>;
  /** The supplier's platform fee (its membership plan); every supplier is on Small until memberships exist. */
  feeRateFor(supplierId: string): Promise<number>;
  shipping: ShippingPort;
  /** Payment windows (ms): a card or BECS payment, a bank transfer. */
  windows: { paymentMs: number; bankTransferMs: number };
  /** How long each automatic transition waits (docs/decisions/044). */
  timerDurations: TimerDurations;
  randomBytes(n: number): Uint8Array;
  /** Short-lived answers of other services (process memory, never needed for correctness). */
  memo: { buyerNames: Memo<string>; payoutAccounts: Memo<true>; licensedBuyers: Memo<true>; paymentMethods: Memo<true> };
}
