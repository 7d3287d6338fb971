/**
 * Web push in the browser (ADR 052): the service worker at /sw.js (also the offline page), the
 * browser's push subscription saved with /api/notifications/update-message-cloud-token and its
 * endpoint kept in localStorage under `currentNotification` (the spec's name), checked on each
 * signed-in load (check-valid-fcm-token) and removed on logout (remove-message-cloud-token).
 */
import type { PushConfigView } from '@caskade/gateway/contract';
import { api } from '../api/client';

export const SERVICE_WORKER_PATH = '/sw.js';
const STORAGE_KEY = 'currentNotification';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext;

/** Registers the worker once per page (it serves the offline page even without pushes). */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }).catch(() => undefined);
}

/** Calls `onPush` when the worker tells the page a push arrived (the bell refreshes). */
export function onServiceWorkerPush(onPush: () => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const listener = (e: MessageEvent<unknown>) => {
    if ((e.data as { type?: unknown } | null)?.type === 'notification') onPush();
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function save(sub: PushSubscription): Promise<void> {
  await api('POST', '/api/notifications/update-message-cloud-token', { token: sub.toJSON() });
  localStorage.setItem(STORAGE_KEY, sub.endpoint);
}

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_PATH);
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks permission (from a click) and subscribes this browser for the signed-in user. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { vapidPublicKey } = await api<PushConfigView>('GET', '/api/notifications/push-config');
  if (!vapidPublicKey) return 'unsupported';
  const reg = await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  await navigator.serviceWorker.ready;
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  await save(sub);
  return 'on';
}

/**
 * On a signed-in load: a subscription this browser holds that the server no longer has for this
 * user (another account signed in here, or the push service dropped it) is saved again.
 */
export async function checkPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_PATH);
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  const { valid } = await api<{ valid: boolean }>('POST', '/api/notifications/check-valid-fcm-token', { token: { endpoint: sub.endpoint } });
  if (!valid) await save(sub);
}

/** Logout: the server stops pushing to this browser, and the browser drops its subscription. */
export async function removePushSubscription(): Promise<void> {
  const endpoint = localStorage.getItem(STORAGE_KEY);
  localStorage.removeItem(STORAGE_KEY);
  if (!endpoint) return;
  try {
    await api('POST', '/api/notifications/remove-message-cloud-token', { token: { endpoint } });
    const reg = pushSupported() ? await navigator.serviceWorker.getRegistration(SERVICE_WORKER_PATH) : undefined;
    await (await reg?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // Logging out goes on: a push that still arrives only opens the login page.
  }
}
