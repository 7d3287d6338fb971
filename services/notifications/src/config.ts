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
  /** The web app's origin: email links point here. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).default('http://localhost:3000'),
});
export type NotificationsEnv = z.infer<typeof notificationsEnv>;
