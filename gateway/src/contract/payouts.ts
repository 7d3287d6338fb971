/** The payouts contract: a supplier's payout totals (integer cents of AUD). */
import { z } from 'zod';

export const payoutTotalsSchema = z.object({
  paidOutCents: z.number().int().describe('transfers sent to the supplier'),
  pendingCents: z.number().int().describe('completed orders whose transfer is not sent yet'),
});

export type PayoutTotalsView = z.output<typeof payoutTotalsSchema>;
