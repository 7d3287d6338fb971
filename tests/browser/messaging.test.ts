/**
 * Messaging in two browsers (Chromium contexts) on one embedded app: a buyer starts the
 * conversation from the supplier's brand page (Message supplier), and each message appears for
 * the other within a second without a reload; markup stays text; Enter sends only non-empty text;
 * the supplier's top bar counts the unread conversation live; after the stream drops (the gateway
 * ends it while the supplier is offline), the messages sent meanwhile appear once each.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { buyerSignup, supplierSignup } from '../support/accounts';
import { axeSeriousViolations, chromiumGate, useBrowserApp, webBuildGate } from '../support/browser';

const TIMEOUT = 600_000;
const XSS = '<script>window.__pwned = 1</script> "><img src=x onerror="window.__pwned=1"> see https://example.com/menu';

describeWithServices('browser: messaging between a buyer and a supplier', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: TIMEOUT, shotPrefix: 'messaging-', bypassCSP: true, app: async () => ({ seed: false }) });
  const { newPage, shot } = fx;

  const signUp = async (page: Page, body: unknown): Promise<string> => {
    const res = await page.request.post(`${fx.app.url}/api/auth/sign-up`, { headers: { Origin: fx.app.url }, data: body });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const thread = (page: Page) => page.getByTestId('message-thread');

  test('a message appears for the other party at once, stays text, and none is lost or doubled across a dropped stream', async () => {
    const tag = randomUUID().slice(0, 8);
    const buyer = await newPage();
    const supplier = await newPage();
    await signUp(buyer, buyerSignup(`chat-${tag}@buyers.example.com`));
    const supplierId = await signUp(supplier, supplierSignup(`chat-${tag}@suppliers.example.com`, `Chatty ${tag}`));

    // The buyer starts the conversation from the brand page.
    await buyer.goto(`/u/${supplierId}`);
    await buyer.getByRole('button', { name: 'Message supplier' }).click();
    await buyer.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationPath = new URL(buyer.url()).pathname;
    const buyerBox = buyer.getByPlaceholder('Type here');
    await buyerBox.waitFor();

    // The supplier waits elsewhere: the top bar counts the unread conversation when it arrives.
    await supplier.goto('/messages');
    await supplier.getByTestId('conversation-list').waitFor();
    const streamRequests: string[] = [];
    supplier.on('request', (r) => {
      if (r.url().includes('/api/events/stream')) streamRequests.push(r.url());
    });

    // Enter with nothing (or spaces) sends nothing.
    await buyerBox.press('Enter');
    await buyerBox.fill('   ');
    await buyerBox.press('Enter');
    await buyerBox.fill(XSS);
    await buyerBox.press('Enter');
    await thread(buyer).getByText('see https://example.com/menu', { exact: false }).waitFor();
    expect(await buyerBox.inputValue()).toBe('');
    // The count needs the stream's event and one refresh of the unseen list: no reload.
    await supplier.getByRole('link', { name: /^Messages, 1 unread conversation$/ }).waitFor({ timeout: 3000 });
    await supplier.getByTestId('conversation-list').locator('[data-unseen-marker]').first().waitFor();

    // The supplier opens it: the markup is text, the link is a link, nothing ran.
    await supplier.locator(`a[href="${conversationPath}"]`).click();
    const markup = thread(supplier).getByText('<script>window.__pwned = 1</script>', { exact: false });
    await markup.waitFor();
    expect(await thread(supplier).locator('img, script').count()).toBe(0);
    expect(await thread(supplier).getByRole('link', { name: 'https://example.com/menu' }).getAttribute('href')).toBe('https://example.com/menu');
    expect(await supplier.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await buyer.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await supplier.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    // The supplier answers; the buyer sees it within a second, without a reload.
    const supplierBox = supplier.getByPlaceholder('Type here');
    await supplierBox.fill('Thanks — kegs ship Friday.');
    await supplierBox.press('Enter');
    // From the moment the sender sees it sent, the buyer has it within a second.
    await thread(supplier).getByText('Thanks — kegs ship Friday.').waitFor();
    const answeredAt = Date.now();
    await thread(buyer).getByText('Thanks — kegs ship Friday.').waitFor({ timeout: 1000 });
    expect(Date.now() - answeredAt).toBeLessThan(1000);
    await shot(supplier, 'thread');
    expect(await axeSeriousViolations(supplier)).toEqual([]);

    // The supplier's stream drops (the gateway ends it); two messages are sent before it is back.
    const before = streamRequests.length;
    await supplier.context().setOffline(true);
    expect(fx.app.live.hub.disconnect(supplierId)).toBeGreaterThan(0);
    for (const text of ['While you were away (1)', 'While you were away (2)']) {
      await buyerBox.fill(text);
      await buyerBox.press('Enter');
      await thread(buyer).getByText(text).waitFor();
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(fx.app.live.hub.size).toBeGreaterThanOrEqual(1);
    await supplier.context().setOffline(false);
    await thread(supplier).getByText('While you were away (2)').waitFor({ timeout: 20_000 });
    await buyerBox.fill('Back again');
    await buyerBox.press('Enter');
    await thread(supplier).getByText('Back again').waitFor({ timeout: 5000 });
    expect(streamRequests.length).toBeGreaterThan(before);
    for (const text of ['While you were away (1)', 'While you were away (2)', 'Back again', 'Thanks — kegs ship Friday.']) {
      expect([text, await thread(supplier).getByText(text, { exact: true }).count()]).toEqual([text, 1]);
    }
    // The order on screen is the order sent: newest at the bottom.
    const texts = await thread(supplier).getByTestId('message-content').allInnerTexts();
    expect(texts.slice(-3)).toEqual(['While you were away (1)', 'While you were away (2)', 'Back again']);
  }, 180_000);
});
