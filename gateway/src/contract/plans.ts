/** `GET /api/plans`: the membership plans with their GST (the web app keeps no copy of them). */
import { z } from 'zod';

export const planSchema = z.object({
  key: z.enum(['small', 'medium', 'large', 'services']),
  name: z.string(),
  audience: z.string(),
  monthly: z.object({ exGst: z.number().int(), gst: z.number().int(), incGst: z.number().int() }).describe('cents, AUD'),
  volumeCents: z.number().int().nullable().describe('monthly sales volume included; null is unlimited'),
  platformFee: z.number().describe('fee on sales, as a fraction (0.045 = 4.5%)'),
});
export type Plan = z.output<typeof planSchema>;
