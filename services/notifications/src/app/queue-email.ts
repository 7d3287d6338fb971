import type { Transaction } from 'kysely';
import { insertEmail } from '../db/emails';
import type { NotificationsDB } from '../db/schema';
import { passwordResetEmail, verificationEmail, type RenderedEmail, type TemplateSettings } from '../domain/templates';

interface LinkEmail {
  to: string;
  firstName: string;
  token: string;
  expiresAt: string;
}

/** What an event asks to be sent, already parsed and checked at the edge. */
export type EmailRequest = ({ kind: 'verify-email' } & LinkEmail) | ({ kind: 'password-reset' } & LinkEmail);

function render(request: EmailRequest, settings: TemplateSettings): RenderedEmail {
  switch (request.kind) {
    case 'verify-email':
      return verificationEmail(request, settings);
    case 'password-reset':
      return passwordResetEmail({ ...request, email: request.to }, settings);
  }
}

/**
 * Render the email and queue it for the sender, inside the transaction that records the event as
 * processed: both commit or neither does, so a redelivered event queues nothing twice.
 */
export async function queueEmail(trx: Transaction<NotificationsDB>, eventId: string, request: EmailRequest, settings: TemplateSettings): Promise<void> {
  const email = render(request, settings);
  await insertEmail(trx, { eventId, kind: request.kind, to: request.to, ...email });
}
