import { addressEnvShape, baseEnv } from '@caskade/kit';
import { z } from 'zod';

const unsetWhenEmpty = (v: unknown) => (v === '' ? undefined : v);
/** `Name <address>` or a bare address: what a From header needs. */
const FROM_PATTERN = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

export const notificationsEnv = baseEnv.extend({
  /** Identity: the addresses and names of an order's buyer and supplier (order emails). */
  ...addressEnvShape(['identity']),
  /** SMTP server for real delivery; unset, emails go to the local mailbox the operator reads. */
  SMTP_URL: z.preprocess(unsetWhenEmpty, z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.string().trim().regex(FROM_PATTERN, { error: 'MAIL_FROM must be an address or "Name <address>"' }).default('Caskade <no-reply@caskade.local>'),
  /** Where contact-form messages are emailed (the marketplace's inbox, the address the contact page shows). */
  CONTACT_INBOX: z.email({ error: 'CONTACT_INBOX must be an email address' }).default('hello@caskade.com.au'),
  /** The web app's origin: email links point here. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).default('http://localhost:3000'),
  /**
   * Web push (VAPID, base64url): the cluster sets both from its secret; unset, the embedded mode
   * generates a pair once and keeps it in DATA_DIR, and a distributed one sends no pushes.
   */
  VAPID_PUBLIC_KEY: z.preprocess(unsetWhenEmpty, z.string().regex(/^[A-Za-z0-9_-]{87}$/, { error: 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key, base64url (87 characters)' }).optional()),
  VAPID_PRIVATE_KEY: z.preprocess(unsetWhenEmpty, z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'VAPID_PRIVATE_KEY must be a P-256 private key, base64url (43 characters)' }).optional()),
  /** Who runs the server, for push services (mailto: or https:). */
  VAPID_SUBJECT: z.string().trim().regex(/^(?:mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'VAPID_SUBJECT must be a mailto: address or an https: URL' }).default('mailto:no-reply@caskade.local'),
}).superRefine((env, ctx) => {
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    ctx.addIssue({ code: 'custom', path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (npx web-push generate-vapid-keys), or neither' });
  }
});
export type NotificationsEnv = z.infer<typeof notificationsEnv>;
