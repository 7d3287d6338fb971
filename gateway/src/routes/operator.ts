import { z } from 'zod';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';
import { banBody, bannedUserSchema, mailboxEmailSchema, mailboxQuery } from '../contract';

export function operatorRoutes(clients: GatewayClients): RouteDef[] {
  return [
    route({
      method: 'get', path: '/api/operator/mailbox', summary: 'Emails the local mailbox received, newest first (embedded mode)',
      tags: ['operator'], access: 'operator',
      query: mailboxQuery,
      response: z.array(mailboxEmailSchema),
      handler: async ({ query, call }) => ({ status: 200, data: (await clients.notifications.listMailbox(query, call)).messages }),
    }),
    route({
      method: 'put', path: '/api/operator/users/:id/ban',
      summary: 'Ban or unban an account: a ban ends every session at once, every service refuses its tokens and its listings leave search',
      tags: ['operator'], access: 'operator',
      params: z.object({ id: z.uuid({ error: 'validation.invalidValue' }) }).strict(),
      body: banBody,
      response: bannedUserSchema,
      handler: async ({ params, body, call }) => {
        const { user } = await clients.identity.setUserBanned({ userId: params.id, banned: body.banned }, call);
        return { status: 200, data: { id: user?.id ?? params.id, role: user?.role ?? '', banned: user?.banned ?? body.banned, deleted: user?.deleted ?? false } };
      },
    }),
  ];
}
