import { PollLoop } from '@caskade/kit';
import { deliverDueEmails, type DeliveryDeps } from './deliver-due-emails';

export interface EmailSenderOptions extends DeliveryDeps {
  /** Idle poll interval; wake() starts a pass at once. */
  pollMs?: number;
  batch?: number;
}

/**
 * The background loop that delivers queued emails. Any number of replicas may run one: claims
 * never overlap (see claimDueEmails). Woken by the consumer after it queues an email, and polls
 * to pick up retries and emails queued by other replicas.
 */
export class EmailSender extends PollLoop {
  constructor(opts: EmailSenderOptions) {
    const batch = opts.batch ?? 20;
    super({
      name: 'email delivery',
      logger: opts.logger,
      pollMs: opts.pollMs ?? 1000,
      pass: async () => ({ more: (await deliverDueEmails(opts, batch)).claimed === batch }),
    });
  }
}
