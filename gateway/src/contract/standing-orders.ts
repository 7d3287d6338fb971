/**
 * Standing orders (beyond the spec): a buyer's order repeated every 1–8 weeks on a saved payment
 * method, with pause, skip and a notice two days before each run. The rules are the orders domain's.
 */
import { z } from 'zod';
import { standingOrderChange, standingOrderInput } from '@caskade/orders/domain';
import { orderLineSchema } from './buying';


export const standingOrderBody = standingOrderInput;
export const standingOrderChangeBody = standingOrderChange;
export const standingOrderSchema = z.object({
  id: z.string(), sourceOrderId: z.string(), supplier: z.object({ id: z.string(), name: z.string() }),
  lines: z.array(orderLineSchema)
    .describe('as last ordered; each run prices them at today’s prices'),
  paymentMethodId: z.string(), intervalWeeks: z.number().int().min(1).max(8), paused: z.boolean(),
  nextRunAt: z.string(), nextNoticeAt: z.string().describe('when the buyer is told of the next run'), lastRunAt: z.string(),
  lastResult: z.string().describe('empty (not run yet), ordered, pending, payment_failed, or the error code of why no order was placed'),
  lastCheckoutId: z.string(), createdAt: z.string(),
});
export const standingOrdersSchema = z.array(standingOrderSchema);

export type StandingOrderBody = z.input<typeof standingOrderBody>;
export type StandingOrderChangeBody = z.input<typeof standingOrderChangeBody>;
export type StandingOrderView = z.output<typeof standingOrderSchema>;
