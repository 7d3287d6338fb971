import { emailsDelivered, errorText, inSpan, SpanKind, type Logger } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { claimDueEmails, markEmailFailed, markEmailSent, scheduleEmailRetry } from '../db/emails';
import type { NotificationsDB } from '../db/schema';
import { afterFailedAttempt, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from '../domain/delivery';
import { PermanentDeliveryError, type Mailer } from './mailer';

export interface DeliveryDeps {
  db: Kysely<NotificationsDB>;
  mailer: Mailer;
  logger: Logger;
  /** Longer than the slowest send (the SMTP adapter gives up within about a minute). */
  leaseMs: number;
  maxAttempts?: number;
  retryDelayMs?: (failedAttempt: number) => number;
}

/** Claim due emails and hand each to the mailer: sent, retried later with backoff, or failed for good. */
export async function deliverDueEmails(deps: DeliveryDeps, batch: number): Promise<{ claimed: number; sent: number }> {
  const { db, mailer, logger } = deps;
  const policy = { maxAttempts: deps.maxAttempts ?? MAX_DELIVERY_ATTEMPTS, retryDelayMs: deps.retryDelayMs ?? retryDelayMs };
  const claimed = await claimDueEmails(db, batch, deps.leaseMs);
  let sent = 0;
  for (const email of claimed) {
    try {
      // In the trace of the event the email was queued for (the sign-up, the order transition).
      await inSpan('email send', { kind: SpanKind.CLIENT, parent: email.traceparent, attributes: { 'caskade.email.kind': email.kind, 'caskade.email.attempt': email.attempts, 'caskade.mailer': mailer.kind } }, () => mailer.send(email));
    } catch (err) {
      const next = afterFailedAttempt(email.attempts, err instanceof PermanentDeliveryError, policy);
      const log = { emailId: email.id, kind: email.kind, attempts: email.attempts, mailer: mailer.kind, err };
      if (next.state === 'failed') {
        await markEmailFailed(db, email, errorText(err).slice(0, 2000));
        emailsDelivered.inc({ outcome: 'failed' });
        logger.error(log, 'email delivery failed for good');
      } else {
        await scheduleEmailRetry(db, email, next.retryInMs, errorText(err).slice(0, 2000));
        emailsDelivered.inc({ outcome: 'retry' });
        logger.warn({ ...log, retryInMs: next.retryInMs }, 'email delivery failed, will retry');
      }
      continue;
    }
    await markEmailSent(db, email.id);
    emailsDelivered.inc({ outcome: 'sent' });
    sent++;
    logger.info({ emailId: email.id, kind: email.kind, mailer: mailer.kind }, 'email delivered');
  }
  return { claimed: claimed.length, sent };
}
