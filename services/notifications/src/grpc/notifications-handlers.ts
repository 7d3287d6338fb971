import { fieldErrors, invalidParams, MSG, unaryService, type Logger } from '@caskade/kit';
import type { notifications } from '@caskade/proto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { listMailbox, MAILBOX_DEFAULT_LIMIT, MAILBOX_MAX_LIMIT } from '../app/list-mailbox';
import type { NotificationsDB } from '../db/schema';
import { toMailboxMessage } from './mappers';

const listMailboxRequest = z.strictObject({
  // proto3 sends 0 for "not set": the default limit then.
  limit: z.number().int().min(0).max(MAILBOX_MAX_LIMIT),
  to: z.string().trim().max(254, { error: MSG.tooLong }),
});

/** Thin edge: parse, call the use case, map rows to messages; errors are mapped by unaryService. */
export function notificationsHandlers(db: Kysely<NotificationsDB>, logger: Logger): notifications.NotificationsServiceServer {
  return unaryService<notifications.NotificationsServiceServer>(
    {
      listMailbox: async (req, ctx) => {
        const parsed = listMailboxRequest.safeParse(req);
        if (!parsed.success) throw invalidParams(fieldErrors(parsed.error));
        const rows = await listMailbox(db, ctx, { limit: parsed.data.limit || MAILBOX_DEFAULT_LIMIT, to: parsed.data.to || undefined });
        return { messages: rows.map(toMailboxMessage) };
      },
    },
    logger,
  );
}
