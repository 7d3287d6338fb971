import { currentTraceparent } from '@caskade/kit';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { OutgoingEmail } from '../app/mailer';
import type { EmailKind } from '../domain/templates';
import type { NotificationsDB } from './schema';

export interface NewEmail {
  eventId: string;
  /** Which party of the event it is for, when an event emails several (order emails); default ''. */
  recipient?: string;
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface ClaimedEmail extends OutgoingEmail {
  /** Attempts including this claim. */
  attempts: number;
  /** The trace the email was queued in (the consumer's span), continued by its delivery; null without tracing. */
  traceparent: string | null;
}

/** Queue an email inside the consumer's transaction; the unique (event id, recipient) is the last guard against a second copy. */
export async function insertEmail(trx: Transaction<NotificationsDB>, email: NewEmail): Promise<void> {
  await trx
    .insertInto('emails')
    .values({
      event_id: email.eventId,
      recipient: email.recipient ?? '',
      kind: email.kind,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      traceparent: currentTraceparent() ?? null,
    })
    .onConflict((oc) => oc.columns(['event_id', 'recipient']).doNothing())
    .execute();
}

/**
 * Claim due pending emails in one short statement: `FOR UPDATE SKIP LOCKED` gives each row to one
 * sender, and pushing `next_attempt_at` out by the lease keeps it from other senders while this
 * one delivers outside any transaction. A sender that dies mid-delivery leaves the row to be
 * claimed again when the lease ends.
 */
export async function claimDueEmails(db: Kysely<NotificationsDB>, batch: number, leaseMs: number): Promise<ClaimedEmail[]> {
  const res = await sql<ClaimedEmail>`
    with due as (
      select id from emails
      where state = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    update emails e
    set attempts = e.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    from due where e.id = due.id
    returning e.id, e.kind, e.to_address as "to", e.subject, e.text_body as "text", e.html_body as "html", e.attempts, e.traceparent
  `.execute(db);
  return res.rows;
}

export async function markEmailSent(db: Kysely<NotificationsDB>, id: string): Promise<void> {
  await db
    .updateTable('emails')
    .set({ state: 'sent', sent_at: sql<Date>`now()`, last_error: null })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}

/** The conditions on `attempts` make a sender whose lease ran out unable to overwrite a newer claim. */
export async function scheduleEmailRetry(db: Kysely<NotificationsDB>, email: ClaimedEmail, delayMs: number, error: string): Promise<void> {
  await db
    .updateTable('emails')
    .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`, last_error: error })
    .where('id', '=', email.id)
    .where('state', '=', 'pending')
    .where('attempts', '=', email.attempts)
    .execute();
}

export async function markEmailFailed(db: Kysely<NotificationsDB>, email: ClaimedEmail, error: string): Promise<void> {
  await db
    .updateTable('emails')
    .set({ state: 'failed', last_error: error })
    .where('id', '=', email.id)
    .where('state', '=', 'pending')
    .where('attempts', '=', email.attempts)
    .execute();
}
