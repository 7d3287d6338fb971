import nodemailer, { type Transporter } from 'nodemailer';
import { PermanentDeliveryError, type Mailer, type OutgoingEmail } from '../app/mailer';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  /** The From header, e.g. `Caskade <no-reply@caskade.com.au>`. */
  from: string;
}

/** Short timeouts: a stuck server must not hold a delivery lease for nodemailer's default 10 minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpMailer(opts: SmtpMailerOptions): Mailer {
  return transportMailer(nodemailer.createTransport({ url: opts.url, ...TIMEOUTS }), opts.from);
}

/** Any nodemailer transport as a Mailer; the SMTP adapter and its contract test share this. */
export function transportMailer(transporter: Transporter<unknown>, from: string): Mailer {
  return {
    kind: 'smtp',
    async send(email: OutgoingEmail) {
      try {
        await transporter.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          // The same id on every retry lets receiving servers and people spot a duplicate.
          messageId: `<${email.id}@caskade.notifications>`,
          headers: { 'X-Caskade-Kind': email.kind },
        });
      } catch (err) {
        if ((err as { permanent?: boolean }).permanent === true) {
          throw new PermanentDeliveryError((err as Error).message, { cause: err });
        }
        throw err;
      }
    },
    async close() {
      transporter.close();
    },
  };
}
