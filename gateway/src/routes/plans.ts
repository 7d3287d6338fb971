import { MEMBERSHIP_PLANS, withGst } from '@caskade/kit';
import { z } from 'zod';
import { route, type RouteDef } from '../http/route';

const planSchema = z.object({
  key: z.enum(['small', 'medium', 'large', 'services']),
  name: z.string(),
  audience: z.string(),
  monthly: z.object({ exGst: z.number().int(), gst: z.number().int(), incGst: z.number().int() }).describe('cents, AUD'),
  volumeCents: z.number().int().nullable().describe('monthly sales volume included; null is unlimited'),
  platformFee: z.number().describe('fee on sales, as a fraction (0.045 = 4.5%)'),
});
export type PlanView = z.infer<typeof planSchema>;

/** The membership plans with their GST, for the pricing pages (the web app keeps no copy of them). */
export function planRoutes(): RouteDef[] {
  const plans: PlanView[] = MEMBERSHIP_PLANS.map((p) => ({
    key: p.key, name: p.name, audience: p.audience, monthly: withGst(p.monthlyCents), volumeCents: p.volumeCents, platformFee: p.platformFee,
  }));
  return [
    route({
      method: 'get', path: '/api/plans', summary: 'Supplier membership plans: monthly price with GST, included sales volume, platform fee',
      tags: ['plans'], access: 'public', response: z.array(planSchema),
      handler: async () => ({ status: 200, data: plans }),
    }),
  ];
}
