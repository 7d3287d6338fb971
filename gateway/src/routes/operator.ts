import { z } from 'zod';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';

export function operatorRoutes(clients: GatewayClients): RouteDef[] {
  return [
    route({
      method: 'get', path: '/api/operator/mailbox', summary: 'Emails the local mailbox received, newest first (embedded mode)',
      tags: ['operator'], access: 'operator',
      query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), to: z.string().max(254).default('') }).strict(),
      response: z.array(z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), kind: z.string(), createdAt: z.string() })),
      handler: async ({ query, call }) => ({ status: 200, data: (await clients.notifications.listMailbox(query, call)).messages }),
    }),
    route({
      method: 'put', path: '/api/operator/users/:id/ban',
      summary: 'Ban or unban an account: a ban ends every session at once, every service refuses its tokens and its listings leave search',
      tags: ['operator'], access: 'operator',
      params: z.object({ id: z.uuid({ error: 'validation.invalidValue' }) }).strict(),
      body: z.object({ banned: z.boolean() }).strict(),
      response: z.object({ id: z.string(), role: z.string(), banned: z.boolean(), deleted: z.boolean() }),
      handler: async ({ params, body, call }) => {
        const { user } = await clients.identity.setUserBanned({ userId: params.id, banned: body.banned }, call);
        return { status: 200, data: { id: user?.id ?? params.id, role: user?.role ?? '', banned: user?.banned ?? body.banned, deleted: user?.deleted ?? false } };
      },
    }),
  ];
}
