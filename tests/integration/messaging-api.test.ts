/**
 * Messaging through the gateway in the embedded mode: a buyer opens the conversation with a
 * supplier (Message supplier), both write, only the two read it (strangers get 404), markup is
 * kept as text, bad input is a 400 that changes nothing; the event stream delivers a message to
 * the other party at once and a stream that reconnects with Last-Event-ID gets what it missed,
 * once; a checkout sends each supplier the default order message.
 */
import { randomUUID } from 'node:crypto';
import type { CheckoutOutcomeView, ConversationDetail, ConversationsPage, MessagesPage, MessageStreamData, SentMessage } from '@caskade/gateway/contract';
import { startApp, type TestApp } from '../support/app';
import { buyerWithAddress, supplierWithListings } from '../support/buying';
import { ApiSession } from '../support/http';
import { cookieOf, openStream } from '../support/sse';

interface ErrorBody {
  errors: Array<{ status: number; code: string; meta?: { fields?: Record<string, string> } }>;
}

const XSS = '<script>window.__pwned = 1</script> "><img src=x onerror="window.__pwned=1">';

let app: TestApp;
let buyer: ApiSession;
let supplier: ApiSession;
let stranger: ApiSession;
let supplierId: string;
let buyerId: string;
let addressId: string;
let listingIds: string[];
let conversationId: string;

const idOf = async (s: ApiSession) => (await s.get<{ data: { id: string } }>('/api/current-user')).body.data.id;

beforeAll(async () => {
  app = await startApp({ seed: false });
  const tag = randomUUID().slice(0, 8);
  ({ session: supplier, listingIds } = await supplierWithListings(app.url, `msg-${tag}@suppliers.example.com`, `Chat Brewing ${tag}`, [20]));
  ({ session: buyer, addressId } = await buyerWithAddress(app.url, `msg-${tag}@buyers.example.com`));
  ({ session: stranger } = await buyerWithAddress(app.url, `msg-other-${tag}@buyers.example.com`));
  supplierId = await idOf(supplier);
  buyerId = await idOf(buyer);
}, 300_000);
afterAll(async () => {
  await app?.stop();
});

describe('messaging API', () => {
  it('opens or reopens the pair’s conversation (Message supplier) and refuses anyone signed out', async () => {
    const opened = await buyer.post<{ data: { conversation: ConversationDetail['conversation']; created: boolean } }>('/api/messages/conversations', { otherUserId: supplierId });
    expect(opened.status).toBe(201);
    expect(opened.body.data.conversation.otherUser).toMatchObject({ id: supplierId, role: 'supplier', banned: false, deleted: false });
    expect(opened.body.data.conversation.otherUser.name).toMatch(/^Chat Brewing/);
    conversationId = opened.body.data.conversation.id;
    const again = await supplier.post<{ data: { conversation: { id: string }; created: boolean } }>('/api/messages/conversations', { otherUserId: buyerId });
    expect([again.status, again.body.data.created, again.body.data.conversation.id]).toEqual([200, false, conversationId]);
    expect((await new ApiSession(app.url).get('/api/messages/conversations')).status).toBe(401);
    expect((await new ApiSession(app.url).get('/api/events/stream')).status).toBe(401);
  });

  it('keeps markup as text and lets only the participants read or post', async () => {
    const sent = await buyer.post<{ data: SentMessage }>('/api/messages', { conversationId, content: XSS });
    expect(sent.status).toBe(201);
    expect(sent.body.data.message?.content).toBe(XSS);
    const page = await supplier.get<{ data: MessagesPage }>(`/api/messages/conversations/${conversationId}/messages?page=1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    expect(page.body.data.messages[0]?.content).toBe(XSS);
    for (const [method, path, body] of [
      ['GET', `/api/messages/conversations/${conversationId}`, undefined],
      ['GET', `/api/messages/conversations/${conversationId}/messages?page=1`, undefined],
      ['POST', '/api/messages', { conversationId, content: 'let me in' }],
      ['PUT', '/api/messages/seen', { conversationId }],
    ] as const) {
      const res = await stranger.request<ErrorBody>(method, path, body);
      expect([method, path, res.status, res.body.errors[0]?.code]).toEqual([method, path, 404, 'not-found']);
    }
    expect((await stranger.get<{ data: ConversationsPage }>('/api/messages/conversations')).body.data.conversations).toEqual([]);
    const after = await supplier.get<{ data: MessagesPage }>(`/api/messages/conversations/${conversationId}/messages?page=1`);
    expect(after.body.data.totalItems).toBe(1);
  });

  it('answers bad input with 400 and the spec’s code, and changes nothing', async () => {
    for (const body of [{ conversationId, content: '   ' }, { conversationId, content: 'x'.repeat(5001) }, { conversationId, transactionId: randomUUID(), content: 'hi' }, { content: 'hi' }, { conversationId: 'nope', content: 'hi' }]) {
      const res = await buyer.post<ErrorBody>('/api/messages', body);
      expect([res.status, res.body.errors[0]?.code]).toEqual([400, 'validation-invalid-params']);
    }
    expect((await buyer.get<ErrorBody>('/api/messages/conversations?keyword=%20%20')).status).toBe(400);
    expect((await buyer.get<ErrorBody>('/api/messages/conversations?limit=0')).status).toBe(400);
    expect((await buyer.get<ErrorBody>(`/api/messages/conversations/${conversationId}/messages?page=0`)).status).toBe(400);
    expect((await supplier.get<{ data: MessagesPage }>(`/api/messages/conversations/${conversationId}/messages?page=1`)).body.data.totalItems).toBe(1);
  });

  it('shows the supplier the conversation unseen until it is marked seen', async () => {
    expect((await supplier.get<{ data: { conversationIds: string[] } }>('/api/messages/unseen-conversations')).body.data.conversationIds).toEqual([conversationId]);
    expect((await supplier.put('/api/messages/seen', { conversationId })).status).toBe(200);
    expect((await supplier.get<{ data: { conversationIds: string[] } }>('/api/messages/unseen-conversations')).body.data.conversationIds).toEqual([]);
    const found = await supplier.get<{ data: ConversationsPage }>(`/api/messages/conversations?keyword=${encodeURIComponent('collingwood')}&limit=20`);
    expect(found.body.data.conversations.map((c) => c.id)).toEqual([conversationId]);
  });

  it('streams a message to the other party at once, and resumes a dropped stream without loss or duplicates', async () => {
    const stream = await openStream(app.url, cookieOf(supplier));
    await stream.next((f) => f.event === 'ready');
    const started = Date.now();
    const sent = await buyer.post<{ data: SentMessage }>('/api/messages', { conversationId, content: 'Live one' });
    const live = await stream.next((f) => f.event === 'message');
    expect(Date.now() - started).toBeLessThan(1000);
    const data = JSON.parse(live.data) as MessageStreamData;
    expect(data).toMatchObject({ conversationId, recipientId: supplierId, message: { id: sent.body.data.message?.id, content: 'Live one', senderId: buyerId } });
    const resumeFrom = stream.lastEventId;
    stream.close();
    // Sent while the supplier's stream is down.
    const missed: string[] = [];
    for (const text of ['Missed one', 'Missed two']) missed.push((await buyer.post<{ data: SentMessage }>('/api/messages', { conversationId, content: text })).body.data.message?.id ?? '');
    const resumed = await openStream(app.url, cookieOf(supplier), resumeFrom);
    await resumed.next((f) => f.event === 'ready');
    await buyer.post('/api/messages', { conversationId, content: 'After resume' });
    await resumed.next((f) => f.event === 'message' && f.data.includes('After resume'));
    const got = resumed.frames.filter((f) => f.event === 'message').map((f) => (JSON.parse(f.data) as MessageStreamData).message.content);
    expect(got).toEqual(['Missed one', 'Missed two', 'After resume']);
    resumed.close();
    // A stranger's stream hears none of it.
    const theirs = await openStream(app.url, cookieOf(stranger));
    await theirs.next((f) => f.event === 'ready');
    await buyer.post('/api/messages', { conversationId, content: 'Not for strangers' });
    await new Promise((r) => setTimeout(r, 500));
    expect(theirs.frames.filter((f) => f.event === 'message')).toEqual([]);
    theirs.close();
  });

  it('ends a signed-in user’s open stream at logout, and the old token cannot reopen it', async () => {
    const { session } = await buyerWithAddress(app.url, `msg-logout-${randomUUID().slice(0, 8)}@buyers.example.com`);
    const cookie = cookieOf(session);
    const stream = await openStream(app.url, cookie);
    await stream.next((f) => f.event === 'ready');
    expect((await session.post('/api/auth/logout', {})).status).toBe(204);
    // The revocation event closes it on the replica that holds it; a never-matching wait sees the end.
    await expect(stream.next(() => false, 5000)).rejects.toThrow('event stream ended');
    await expect(openStream(app.url, cookie)).rejects.toThrow('event stream answered 401');
  });

  it('sends the supplier the default order message when the buyer checks out', async () => {
    expect((await buyer.post('/api/cart', { listingId: listingIds[0], packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' })).status).toBe(201);
    const out = await buyer.request<{ data: CheckoutOutcomeView }>('POST', '/api/initiate-privileged-from-cart', { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' }, { 'idempotency-key': randomUUID() });
    expect(out.status).toBe(201);
    const orderId = out.body.data.checkout?.orders[0]?.id ?? '';
    let messages: MessagesPage | undefined;
    for (let i = 0; i < 100; i++) {
      messages = (await supplier.get<{ data: MessagesPage }>(`/api/messages/conversations/${conversationId}/messages?page=1`)).body.data;
      if (messages.messages.some((m) => m.kind === 'default-order')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const defaults = messages?.messages.filter((m) => m.kind === 'default-order') ?? [];
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject({ senderId: buyerId, transactionId: orderId });
    // Asked again through the API: once per order.
    const again = await buyer.post<{ data: SentMessage }>('/api/messages/default-message', { transactionId: orderId, providerId: supplierId, customerId: buyerId, providerOrderRef: 'X' });
    expect([again.status, again.body.data.message]).toEqual([200, null]);
    // Now either party writes about the order by its id; a stranger cannot.
    expect((await supplier.post('/api/messages', { transactionId: orderId, content: 'Ready for pickup Friday' })).status).toBe(201);
    expect((await stranger.post<ErrorBody>('/api/messages', { transactionId: orderId, content: 'hi' })).status).toBe(404);
  });
});
