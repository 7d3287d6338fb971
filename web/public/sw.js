/* global self, caches */
/*
 * Caskade's service worker (ADR 052), at a fixed path so its scope is the whole app:
 * - push: shows the notification the server sent (Web Push, already decrypted by the browser) and
 *   tells open pages, whose bell then refreshes;
 * - notificationclick: focuses an open tab (or opens one) at the notification's page;
 * - offline: a page navigation that fails for want of a network gets the cached offline page.
 * Nothing else is cached: the app's data is always live.
 */
const OFFLINE_CACHE = 'caskade-offline-v1';
const OFFLINE_URL = '/offline.html';
const OFFLINE_ASSETS = [OFFLINE_URL, '/icons/icon-192.png', '/favicon.svg'];
const PAGE_PATH = /^\/(?:orders|sales|messages)\/[A-Za-z0-9._~%-]+$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(OFFLINE_CACHE).then((cache) => cache.addAll(OFFLINE_ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('caskade-') && k !== OFFLINE_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') {
    if (OFFLINE_ASSETS.includes(new URL(request.url).pathname) && new URL(request.url).origin === self.location.origin) {
      event.respondWith(fetch(request).catch(() => caches.match(request).then((hit) => hit || Response.error())));
    }
    return;
  }
  event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL).then((hit) => hit || Response.error())));
});

function parsePush(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return {
      id: typeof data.id === 'string' ? data.id : '',
      title: typeof data.title === 'string' && data.title ? data.title : 'Caskade',
      body: typeof data.body === 'string' ? data.body : '',
      path: typeof data.path === 'string' && PAGE_PATH.test(data.path) ? data.path : '/',
    };
  } catch {
    return { id: '', title: 'Caskade', body: '', path: '/' };
  }
}

self.addEventListener('push', (event) => {
  const n = parsePush(event);
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(n.title, { body: n.body, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', tag: n.id || undefined, data: { path: n.path, id: n.id }, lang: 'en-AU' }),
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => tabs.forEach((tab) => tab.postMessage({ type: 'notification', id: n.id }))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && typeof event.notification.data.path === 'string' && PAGE_PATH.test(event.notification.data.path) ? event.notification.data.path : '/';
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((t) => new URL(t.url).origin === self.location.origin);
      if (tab) return tab.focus().then((focused) => (focused || tab).navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
