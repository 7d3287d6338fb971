import { z } from 'zod';
import { contactMessageSchema } from '@caskade/notifications/domain';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';

const sentSchema = z.object({ id: z.string() });

/** The contact form (the spec's `POST /api/send-contact-us-email`): anyone may write, a few times an hour per client. */
export function contactRoutes(clients: GatewayClients): RouteDef[] {
  return [
    route({
      method: 'post', path: '/api/send-contact-us-email',
      summary: 'Send the contact form: the message is kept and emailed to the marketplace’s inbox (400 validation-invalid-params with field keys; 429 too-many-requests)',
      tags: ['contact'], access: 'public', rateLimit: 'contact', body: contactMessageSchema, response: sentSchema, successStatus: 201,
      handler: async ({ body, call }) => {
        const out = await clients.notifications.sendContactMessage(body, call);
        return { status: 201, data: { id: out.id } };
      },
    }),
  ];
}
