/**
 * Notifications on one embedded app (demo data), CSP enforced: the demo buyer checks out through
 * the API; the supplier's open page shows the bell's dot without a reload (the gateway's event
 * stream), the panel lists the new order, and opening it marks it seen and goes to the sale. Then
 * the notifications API is held to its owners, and the installable app's parts are served: the
 * manifest, its icons, the service worker at /sw.js (registered by the page) and its offline page.
 */
import type { Page } from 'playwright-core';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { chromiumGate, DEMO_PASSWORD, useBrowserApp, webBuildGate } from '../support/browser';
import { ApiSession } from '../support/http';

// A generous budget: the embedded app alone took 150 s to start on the shared 2-core machine (load 27).
const TIMEOUT = 300_000;
const BUYER = 'buyer@example.com';
const SUPPLIER = 'supplier@example.com';

interface ApiNotification {
  id: string;
  kind: string;
  seen: boolean;
  orderId: string;
  orderNumber: string;
  path: string;
}
interface ApiNotifications {
  notifications: ApiNotification[];
  unseenCount: number;
}

describeWithServices('browser: notifications (the bell, web push parts, installable app)', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: TIMEOUT, shotPrefix: 'notifications-', bypassCSP: false });
  let sale: { orderId: string; orderNumber: string } | undefined;

  async function session(email: string): Promise<ApiSession> {
    const s = new ApiSession(fx.app.url, { origin: fx.app.url });
    expect([email, (await s.post('/api/auth/login', { email, password: DEMO_PASSWORD })).status]).toEqual([email, 200]);
    return s;
  }

  async function logIn(page: Page, email: string): Promise<void> {
    const res = await page.request.post(`${fx.app.url}/api/auth/login`, { headers: { Origin: fx.app.url }, data: { email, password: DEMO_PASSWORD } });
    expect([email, res.status()]).toEqual([email, 200]);
  }

  /** The demo buyer buys one pickup listing of the supplier with the sandbox card; answers the order once purchased. */
  async function buyFromSupplier(): Promise<{ orderId: string; orderNumber: string }> {
    const supplier = await session(SUPPLIER);
    const own = await supplier.get<{ data: { listings: { id: string; state: string; pickupEnabled: boolean; pricePackages: unknown[]; currentStock: { quantity: number } }[] } }>('/api/own-listings?perPage=50');
    const listing = own.body.data.listings.find((l) => l.state === 'published' && l.pickupEnabled && l.pricePackages.length > 0 && l.currentStock.quantity >= 5);
    if (!listing) throw new Error('the demo supplier has no published listing with pickup and stock');
    const buyer = await session(BUYER);
    const address = (await buyer.get<{ data: { id: string; isDefault: boolean }[] }>('/api/delivery-addresses')).body.data.find((a) => a.isDefault);
    if (!address) throw new Error('the demo buyer has no default delivery address');
    expect((await buyer.put('/api/current-user/liquor-licence', { number: 'LIQP-36129', state: 'VIC' })).status).toBe(200);
    expect((await buyer.post('/api/cart', { listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' })).status).toBe(201);
    const res = await buyer.request<{ data: { checkout: { id: string } } }>('POST', '/api/initiate-privileged-from-cart', { deliveryAddressId: address.id, paymentMethodId: 'pm_card_visa' }, { 'idempotency-key': `bell-${Date.now()}` });
    expect(res.status).toBe(201);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const { orders } = (await buyer.get<{ data: { orders: { id: string; orderNumber: string; state: string }[] } }>(`/api/checkouts/${res.body.data.checkout.id}`)).body.data;
      const order = orders[0];
      if (orders.length === 1 && order?.state.startsWith('purchased')) return { orderId: order.id, orderNumber: order.orderNumber };
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error('the checkout was not purchased in 15 s');
  }

  const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

  test('the bell shows a dot when an order comes in (no reload); opening the notification marks it seen and goes to the sale', async () => {
    // Whatever the demo data notified the supplier of is seen first, so the dot is this order's.
    const before = await session(SUPPLIER);
    for (const n of (await before.get<{ data: ApiNotifications }>('/api/notifications/fetch-notifications')).body.data.notifications.filter((x) => !x.seen)) {
      expect((await before.put('/api/notifications/update-seen-notification', { notificationId: n.id })).status).toBe(200);
    }
    const page = await fx.newPage();
    await logIn(page, SUPPLIER);
    await page.goto('/');
    await expect(bell(page).getAttribute('aria-label')).resolves.toBe('Notifications');
    expect(await bell(page).locator('[data-unseen-dot]').count()).toBe(0);

    sale = await buyFromSupplier();
    // Live: the page was not reloaded (the stream's `notification` event refetches the bell).
    await bell(page).locator('[data-unseen-dot]').waitFor({ timeout: 10_000 });
    await expect(bell(page).getAttribute('aria-label')).resolves.toBe('Notifications, 1 unseen');
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const item = panel.getByRole('button', { name: new RegExp(`Unseen: New order.*${sale.orderNumber}`) });
    await item.waitFor();
    await fx.shot(page, 'panel');
    await item.click();
    await page.waitForURL(`**/sales/${sale.orderId}`);
    await bell(page).locator('[data-unseen-dot]').waitFor({ state: 'detached' });
    await expect(bell(page).getAttribute('aria-label')).resolves.toBe('Notifications');

    const supplier = await session(SUPPLIER);
    const mine = (await supplier.get<{ data: ApiNotifications }>('/api/notifications/fetch-notifications')).body.data;
    expect(mine.notifications.filter((n) => n.orderId === sale?.orderId).map((n) => [n.kind, n.seen, n.path])).toEqual([['newOrder', true, `/sales/${sale.orderId}`]]);
    expect(mine.unseenCount).toBe(0);
  }, TIMEOUT);

  test('notifications are only their owner’s over HTTP; push token calls check their input', async () => {
    if (!sale) throw new Error('the first test did not run');
    const supplier = await session(SUPPLIER);
    const buyer = await session(BUYER);
    const suppliers = (await supplier.get<{ data: ApiNotifications }>('/api/notifications/fetch-notifications')).body.data.notifications;
    const theirs = suppliers.find((n) => n.orderId === sale?.orderId);
    if (!theirs) throw new Error('no newOrder notification');
    expect((await buyer.get<{ data: ApiNotifications }>('/api/notifications/fetch-notifications')).body.data.notifications.some((n) => n.id === theirs.id)).toBe(false);
    const notMine = await buyer.put<{ errors: { code: string }[] }>('/api/notifications/update-seen-notification', { notificationId: theirs.id });
    expect([notMine.status, notMine.body.errors[0]?.code]).toEqual([404, 'not-found']);
    const anonymous = new ApiSession(fx.app.url, { origin: fx.app.url });
    expect((await anonymous.get('/api/notifications/fetch-notifications')).status).toBe(401);
    expect((await anonymous.put('/api/notifications/update-seen-notification', { notificationId: theirs.id })).status).toBe(401);
    const bad = await buyer.put<{ errors: { code: string; meta: { fields: Record<string, string> } }[] }>('/api/notifications/update-seen-notification', { notificationId: '1 or 1=1' });
    expect([bad.status, bad.body.errors[0]?.code, bad.body.errors[0]?.meta.fields]).toEqual([400, 'validation-invalid-params', { notificationId: 'validation.invalidValue' }]);

    // A browser's subscription: saved, checked, removed; plain http and malformed keys refused.
    const token = { endpoint: 'https://push.example.com/send/abc123', expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } };
    expect((await buyer.post('/api/notifications/update-message-cloud-token', { token })).status).toBe(200);
    expect((await buyer.post<{ data: { valid: boolean } }>('/api/notifications/check-valid-fcm-token', { token })).body.data.valid).toBe(true);
    expect((await supplier.post<{ data: { valid: boolean } }>('/api/notifications/check-valid-fcm-token', { token })).body.data.valid).toBe(false);
    expect((await supplier.post<{ data: { removed: boolean } }>('/api/notifications/remove-message-cloud-token', { token })).body.data.removed).toBe(false);
    expect((await buyer.post<{ data: { removed: boolean } }>('/api/notifications/remove-message-cloud-token', { token: { endpoint: token.endpoint } })).body.data.removed).toBe(true);
    expect((await buyer.post('/api/notifications/update-message-cloud-token', { token: { ...token, endpoint: 'http://10.0.0.1/internal' } })).status).toBe(400);
    expect((await buyer.post('/api/notifications/update-message-cloud-token', { token: { ...token, keys: { p256dh: 'x', auth: 'y' } } })).status).toBe(400);
    const key = (await buyer.get<{ data: { vapidPublicKey: string } }>('/api/notifications/push-config')).body.data.vapidPublicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
  }, TIMEOUT);

  test('installable: the manifest, its icons and /sw.js are served under the CSP; the worker serves the offline page', async () => {
    const manifest = await fetch(`${fx.app.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as { start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect([body.start_url, body.display]).toEqual(['/', 'standalone']);
    for (const icon of body.icons) {
      const res = await fetch(`${fx.app.url}${icon.src}`);
      expect([icon.src, res.status, res.headers.get('content-type')]).toEqual([icon.src, 200, 'image/png']);
    }
    expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    const page = await fx.newPage();
    const home = await page.goto('/');
    const csp = home?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    // (Strings: the tests are compiled without the DOM's types.)
    const within = (promise: string) => `Promise.race([${promise}, new Promise((_, no) => setTimeout(() => no(new Error('no service worker in 30 s')), 30000))])`;
    const scope = await page.evaluate<string>(within('navigator.serviceWorker.ready.then((r) => r.scope)'));
    expect(scope).toBe(`${fx.app.url}/`);
    // The worker controls the next load; offline, a page navigation gets the offline page.
    await page.reload();
    await page.evaluate(within(`navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller
      || new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true })))`));
    await page.context().setOffline(true);
    await page.goto('/orders');
    await page.getByRole('heading', { name: 'You’re offline' }).or(page.getByRole('heading', { name: "You're offline" })).waitFor();
    await fx.shot(page, 'offline');
    await page.context().setOffline(false);
  }, TIMEOUT);
});
