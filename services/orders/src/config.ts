import { addressEnvShape, baseEnv } from '@caskade/kit';
import { z } from 'zod';
import { BANK_TRANSFER_WINDOW_MS, PAYMENT_WINDOW_MS } from './domain/terms';

export const ordersEnv = baseEnv.extend({
  /** The services checkout calls: identity (names), catalog (listings, stock), cart (the cart, addresses), payments. */
  ...addressEnvShape(['identity', 'catalog', 'cart', 'payments']),
  /** How often the timers table is polled (ms). */
  ORDER_TIMER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long a card or direct-debit payment may take before the checkout expires (spec: 15 minutes). */
  PAYMENT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(PAYMENT_WINDOW_MS / 1000),
  /** How long a bank transfer may take (docs/decisions/032: 3 days). */
  BANK_TRANSFER_WINDOW_SECONDS: z.coerce.number().int().min(1).max(30 * 24 * 3600).default(BANK_TRANSFER_WINDOW_MS / 1000),
});
export type OrdersEnv = z.infer<typeof ordersEnv>;
