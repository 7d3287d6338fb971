import { consumeOnce, isEmail, type EventEnvelope, type Logger, type SubscribeOptions } from '@caskade/kit';
import { identityEvents } from '@caskade/proto';
import type { Kysely } from 'kysely';
import { queueEmail, type EmailRequest } from '../app/queue-email';
import type { NotificationsDB } from '../db/schema';
import type { TemplateSettings } from '../domain/templates';

export const EMAIL_CONSUMER = 'notifications-emails';
export const VERIFICATION_REQUESTED = 'identity.user.verification_requested';
export const PASSWORD_RESET_REQUESTED = 'identity.user.password_reset_requested';

/** A payload that can never become an email; the bus retries it, then dead-letters it. */
export class MalformedEventError extends Error {
  constructor(event: EventEnvelope, problem: string) {
    super(`event ${event.id} (${event.type}): ${problem}`);
    this.name = 'MalformedEventError';
  }
}

function checked(event: EventEnvelope, request: EmailRequest): EmailRequest {
  if (!isEmail(request.to)) throw new MalformedEventError(event, 'no valid recipient address');
  if (request.token === '') throw new MalformedEventError(event, 'no link token');
  return request;
}

/** Parse an event's payload (proto3 JSON) into what to send; null for a subject this consumer does not send for. */
export function emailRequestFor(event: EventEnvelope): EmailRequest | null {
  if (event.type !== VERIFICATION_REQUESTED && event.type !== PASSWORD_RESET_REQUESTED) return null;
  if (typeof event.data !== 'object' || event.data === null) throw new MalformedEventError(event, 'data is not an object');
  if (event.type === VERIFICATION_REQUESTED) {
    const data = identityEvents.VerificationEmailRequested.fromJSON(event.data);
    return checked(event, { kind: 'verify-email', to: data.email.trim(), firstName: data.firstName, token: data.token, expiresAt: data.expiresAt });
  }
  const data = identityEvents.PasswordResetRequested.fromJSON(event.data);
  return checked(event, { kind: 'password-reset', to: data.email.trim(), firstName: data.firstName, token: data.token, expiresAt: data.expiresAt });
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
  return {
    consumer: EMAIL_CONSUMER,
    subjects: [VERIFICATION_REQUESTED, PASSWORD_RESET_REQUESTED],
    handler: async (event) => {
      const request = emailRequestFor(event);
      if (!request) {
        deps.logger.warn({ eventId: event.id, type: event.type }, 'event not for this consumer, ignored');
        return;
      }
      const fresh = await consumeOnce(deps.db, EMAIL_CONSUMER, event, (trx) => queueEmail(trx, event.id, request, deps.settings));
      if (fresh) {
        deps.logger.info({ eventId: event.id, kind: request.kind }, 'email queued');
        deps.queued();
      } else {
        deps.logger.info({ eventId: event.id, kind: request.kind }, 'event already processed, nothing sent');
      }
    },
  };
}
