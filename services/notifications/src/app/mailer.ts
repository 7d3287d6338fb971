import type { EmailKind } from '../domain/templates';

/** A queued email on its way out; `id` is stable across retries. */
export interface OutgoingEmail {
  id: string;
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where email goes: an SMTP server, or the local mailbox the operator reads. */
export interface Mailer {
  readonly kind: 'smtp' | 'mailbox';
  /** Resolves once the message is accepted; throws PermanentDeliveryError when retrying cannot help. */
  send(email: OutgoingEmail): Promise<void>;
  close(): Promise<void>;
}

/** The receiving server refused this message for good (an SMTP 5xx reply): retrying would get the same answer. */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}
