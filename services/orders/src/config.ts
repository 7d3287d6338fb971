import { addressEnvShape, baseEnv } from '@caskade/kit';
import { z } from 'zod';

export const ordersEnv = baseEnv.extend({
  /** The services checkout calls: identity (names), catalog (listings, stock), cart (the cart, addresses), payments. */
  ...addressEnvShape(['identity', 'catalog', 'cart', 'payments']),
  /** How often the timers table is polled (ms). */
  ORDER_TIMER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
});
export type OrdersEnv = z.infer<typeof ordersEnv>;
