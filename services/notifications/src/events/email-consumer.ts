import { consumeOnce, isEmail, MalformedEventError, type Logger, type SubscribeOptions, type TypedEvent } from '@caskade/kit';
import { VerificationRequested } from '@caskade/identity/events';
import type { Kysely } from 'kysely';
import { queueEmail, type EmailRequest } from '../app/queue-email';
import type { NotificationsDB } from '../db/schema';
import type { TemplateSettings } from '../domain/templates';
import { EmailConsumer } from './registry';

type EmailEvent = TypedEvent<(typeof EmailConsumer.events)[number]>;

/** What to send for an event; a payload that can never become an email is refused (retried, then dead-lettered). */
function emailRequestFor(event: EmailEvent): EmailRequest {
  const { email, firstName, token, expiresAt } = event.data;
  const request: EmailRequest = { kind: event.type === VerificationRequested.subject ? 'verify-email' : 'password-reset', to: email.trim(), firstName, token, expiresAt };
  if (!isEmail(request.to)) throw new MalformedEventError(event, 'no valid recipient address');
  if (request.token === '') throw new MalformedEventError(event, 'no link token');
  return request;
}

export interface EmailConsumerDeps {
  db: Kysely<NotificationsDB>;
  settings: TemplateSettings;
  logger: Logger;
  /** Called after an email was queued and committed. */
  queued: () => void;
}

/** The durable consumer that turns identity's requests into queued emails, once per event. */
export function emailConsumer(deps: EmailConsumerDeps): SubscribeOptions {
  return EmailConsumer.handle(async (event) => {
    const request = emailRequestFor(event);
    const fresh = await consumeOnce(deps.db, EmailConsumer.name, event, (trx) => queueEmail(trx, event.id, request, deps.settings));
    if (fresh) {
      deps.logger.info({ eventId: event.id, kind: request.kind }, 'email queued');
      deps.queued();
    } else {
      deps.logger.info({ eventId: event.id, kind: request.kind }, 'event already processed, nothing sent');
    }
  });
}
