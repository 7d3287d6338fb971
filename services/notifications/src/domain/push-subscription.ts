/** A browser's push subscription, as the API accepts it (moved from notifications.ts, ADR 062). */
import { z } from 'zod';

const INVALID = 'validation.invalidValue';

/**
 * A browser's push subscription as PushSubscription.toJSON() gives it: the push service's URL and
 * the browser's keys (base64url: a 65-byte P-256 point, a 16-byte auth secret). Plain http
 * endpoints are the service's to refuse (only tests' local push services use them).
 */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: INVALID }).max(2048, { error: INVALID }),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}$/, { error: INVALID }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: INVALID }),
  }),
}).strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** Which browser's subscription (check, remove): its endpoint; the keys may come along and are ignored. */
export const pushEndpointInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: INVALID }).max(2048, { error: INVALID }),
  expirationTime: z.number().nullable().optional(),
  keys: z.record(z.string(), z.string()).optional(),
}).strict();
