/**
 * Standing orders (beyond the spec; docs/decisions/049): a buyer repeats one of its orders every
 * 1–8 weeks, paid with a saved payment method, and may pause it, skip the next run or change the
 * interval. The buyer is told before each run (NOTICE_LEAD_MS ahead). Pure, browser-safe.
 */
import { z } from 'zod';
import { stateGroupOf } from './after-purchase';

export const STANDING_ORDER_MIN_WEEKS = 1;
export const STANDING_ORDER_MAX_WEEKS = 8;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The notice goes two days before a run (a week's interval leaves five days after the last one). */
export const NOTICE_LEAD_MS = 2 * 24 * 60 * 60 * 1000;

export const STANDING_ORDER_MSG = {
  intervalInvalid: 'standingOrder.intervalInvalid',
  paymentMethodRequired: 'Payment method is required',
  nothingToChange: 'standingOrder.nothingToChange',
  orderNotPlaced: 'standingOrder.orderNotPlaced',
  alreadyRepeated: 'standingOrder.alreadyRepeated',
} as const;

/** An order may be repeated once it was placed and paid for or put on terms (not while awaiting payment, not an expired payment). */
export function mayRepeatOrder(state: string): boolean {
  const group = stateGroupOf(state);
  return group !== '' && group !== 'pending-payment' && group !== 'payment-expired' && state !== 'canceled-payment';
}

const intervalWeeks = z
  .number({ error: STANDING_ORDER_MSG.intervalInvalid })
  .int({ error: STANDING_ORDER_MSG.intervalInvalid })
  .min(STANDING_ORDER_MIN_WEEKS, { error: STANDING_ORDER_MSG.intervalInvalid })
  .max(STANDING_ORDER_MAX_WEEKS, { error: STANDING_ORDER_MSG.intervalInvalid });

/** A new standing order: which order to repeat, how often, and the saved method that pays it. */
export const standingOrderInput = z
  .object({
    orderId: z.uuid({ error: 'validation.invalidValue' }),
    intervalWeeks,
    paymentMethodId: z.string({ error: STANDING_ORDER_MSG.paymentMethodRequired }).trim().min(1, { error: STANDING_ORDER_MSG.paymentMethodRequired }).max(200),
  })
  .strict();

/** A change: the interval, pause or resume, skip the next run, another saved method (at least one). */
export const standingOrderChange = z
  .object({
    intervalWeeks: intervalWeeks.optional(),
    paused: z.boolean().optional(),
    skipNext: z.literal(true).optional(),
    paymentMethodId: z.string().trim().min(1, { error: STANDING_ORDER_MSG.paymentMethodRequired }).max(200).optional(),
  })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), { error: STANDING_ORDER_MSG.nothingToChange });
export type StandingOrderChange = z.output<typeof standingOrderChange>;

/** `weeks` after `from`. */
export const afterWeeks = (from: Date, weeks: number): Date => new Date(from.getTime() + weeks * WEEK_MS);

/** When the buyer is told about the run at `runAt`. */
export const noticeAt = (runAt: Date): Date => new Date(runAt.getTime() - NOTICE_LEAD_MS);

export interface Schedule {
  intervalWeeks: number;
  paused: boolean;
  nextRunAt: Date;
}

/**
 * The schedule after a change at `now`: a shorter interval brings a run planned further away than
 * one new interval back to that; skipping moves the next run one interval on; resuming after the
 * planned date passed plans the next run one interval from now.
 */
export function applyChange(s: Schedule, c: StandingOrderChange, now: Date): Schedule {
  const weeks = c.intervalWeeks ?? s.intervalWeeks;
  let next = s.nextRunAt;
  const latest = afterWeeks(now, weeks);
  if (next > latest) next = latest;
  if (c.skipNext) next = afterWeeks(next, weeks);
  const paused = c.paused ?? s.paused;
  if (!paused && s.paused && next <= now) next = afterWeeks(now, weeks);
  return { intervalWeeks: weeks, paused, nextRunAt: next };
}

/** The reminder kind of a standing order's notice before each run (orders.order.reminder). */
export const STANDING_ORDER_REMINDER_KIND = 'standingOrderRun';
