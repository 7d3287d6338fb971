import { addressEnvShape, baseEnv } from '@caskade/kit';
import { z } from 'zod';
import { TIMER_DURATIONS_MS } from './domain/after-purchase';
import { BANK_TRANSFER_WINDOW_MS, PAYMENT_WINDOW_MS } from './domain/terms';

const DAY_SECONDS = 24 * 3600;
/** A timer's duration in seconds: at least a second, at most a year (docs/decisions/044). */
const duration = (ms: number) => z.coerce.number().int().min(1).max(365 * DAY_SECONDS).default(ms / 1000);

export const ordersEnv = baseEnv.extend({
  /** The services checkout calls: identity (names), catalog (listings, stock), cart (the cart, addresses), payments. */
  ...addressEnvShape(['identity', 'catalog', 'cart', 'payments']),
  /** How often the timers table is polled (ms). */
  ORDER_TIMER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long a card or direct-debit payment may take before the checkout expires (spec: 15 minutes). */
  PAYMENT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(DAY_SECONDS).default(PAYMENT_WINDOW_MS / 1000),
  /** How long a bank transfer may take (docs/decisions/032: 3 days). */
  BANK_TRANSFER_WINDOW_SECONDS: z.coerce.number().int().min(1).max(30 * DAY_SECONDS).default(BANK_TRANSFER_WINDOW_MS / 1000),
  /** Purchased and not delivered for this long: auto-cancel (14 days). */
  SHIPPING_WINDOW_SECONDS: duration(TIMER_DURATIONS_MS.expireShippingTime),
  /** Delivered and not received or disputed for this long: auto-mark-received (7 days). */
  RECEIPT_WINDOW_SECONDS: duration(TIMER_DURATIONS_MS.autoMarkReceived),
  /** Disputed and not settled for this long: auto-cancel-from-disputed (14 days). */
  DISPUTE_WINDOW_SECONDS: duration(TIMER_DURATIONS_MS.autoCancelFromDisputed),
  /** Received for this long: auto-complete, the supplier's payout (2 days). */
  COMPLETION_DELAY_SECONDS: duration(TIMER_DURATIONS_MS.autoComplete),
  /** Completed for this long: the review period ends (14 days). */
  REVIEW_WINDOW_SECONDS: duration(TIMER_DURATIONS_MS.expireReviewPeriod),
});
export type OrdersEnv = z.infer<typeof ordersEnv>;
