import webpush from 'web-push';
import type { PushSubscriptionKeys } from '../db/pushes';
import type { VapidKeys } from './vapid-keys';

/** What the push service answered (RFC 8030: 201 Created; 404/410 the subscription is gone). */
export interface PushResult {
  status: number;
}

/** Sends one encrypted push message to a subscription's push service. */
export interface PushSender {
  readonly kind: string;
  send(subscription: PushSubscriptionKeys, payload: string): Promise<PushResult>;
}

/** How long a push service keeps an undelivered message for an offline browser (one day). */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

/**
 * The default sender: the Web Push protocol over HTTP to the subscription's endpoint. web-push
 * builds the request (aes128gcm payload encryption per RFC 8291, the VAPID JWT per RFC 8292);
 * fetch sends it, so the endpoint may be any http(s) push service (tests run a local one).
 */
export function createWebPushSender(keys: VapidKeys): PushSender {
  return {
    kind: 'web-push',
    async send(subscription, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        { vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey }, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers,
        ...(details.body ? { body: new Uint8Array(details.body) } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status };
    },
  };
}
