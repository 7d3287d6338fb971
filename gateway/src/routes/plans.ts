import { MEMBERSHIP_PLANS, withGst } from '@caskade/kit';
import { z } from 'zod';
import { route, type RouteDef } from '../http/route';
import { planSchema, type Plan } from '../contract';

/** The membership plans with their GST, for the pricing pages (the web app keeps no copy of them). */
export function planRoutes(): RouteDef[] {
  const plans: Plan[] = MEMBERSHIP_PLANS.map((p) => ({
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
