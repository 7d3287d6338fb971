import { withTransaction, type CallContext } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { insertEmail } from '../db/emails';
import type { NotificationsDB } from '../db/schema';
import { contactMessageEmail, type ContactMessage } from '../domain/contact';

/**
 * Keep a contact-form message and queue its email to the marketplace's inbox in one transaction:
 * both or neither. The sender delivers it (SMTP, or the local mailbox the operator reads).
 */
export async function sendContactMessage(db: Kysely<NotificationsDB>, ctx: CallContext, message: ContactMessage, inbox: string): Promise<string> {
  return withTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('contact_messages')
      .values({ name: message.name, email: message.email, subject: message.subject, message: message.message, user_id: ctx.caller?.userId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertEmail(trx, { eventId: row.id, kind: 'contact-message', to: inbox, ...contactMessageEmail(message) });
    return row.id;
  });
}
