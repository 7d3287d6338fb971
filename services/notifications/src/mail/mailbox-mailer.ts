import type { Kysely } from 'kysely';
import type { Mailer } from '../app/mailer';
import { storeInMailbox } from '../db/mailbox';
import type { NotificationsDB } from '../db/schema';

/** The embedded mode's mail server: delivering is storing into the mailbox the operator reads. */
export function createMailboxMailer(db: Kysely<NotificationsDB>): Mailer {
  return {
    kind: 'mailbox',
    send: (email) => storeInMailbox(db, email),
    close: async () => undefined,
  };
}
