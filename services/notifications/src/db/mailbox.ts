import type { Kysely } from 'kysely';
import type { OutgoingEmail } from '../app/mailer';
import type { EmailKind } from '../domain/templates';
import type { NotificationsDB } from './schema';

export interface MailboxRow {
  id: string;
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

/** Store a delivered email; the same email delivered again (a retried send) is stored once. */
export async function storeInMailbox(db: Kysely<NotificationsDB>, email: OutgoingEmail): Promise<void> {
  await db
    .insertInto('mailbox')
    .values({ id: email.id, kind: email.kind, to_address: email.to, subject: email.subject, text_body: email.text, html_body: email.html })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Newest first; `to` matches the recipient without regard to case. */
export async function findMailbox(db: Kysely<NotificationsDB>, query: { limit: number; to?: string | undefined }): Promise<MailboxRow[]> {
  let q = db
    .selectFrom('mailbox')
    .select(['id', 'kind', 'to_address as to', 'subject', 'text_body as text', 'html_body as html', 'created_at as createdAt'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit);
  const to = query.to;
  if (to) q = q.where((eb) => eb(eb.fn('lower', ['to_address']), '=', eb.fn('lower', [eb.val(to)])));
  return q.execute();
}
