import { expectAppError } from '@caskade/kit/testing';
import { LIMITED_SCOPE } from '@caskade/kit';
import { MESSAGE_MAX_LENGTH } from '../domain';
import { describeMessaging, idOf, until } from '../testing/harness';

describeMessaging('conversations and messages', (h, { test: it }) => {
  it('opens one conversation per buyer–supplier pair, from either side, and refuses other pairs', async () => {
    const { client, buyer, supplier, operator } = h();
    const b = buyer();
    const s = supplier();
    const first = await client.openConversation({ otherUserId: idOf(s) }, b);
    expect(first.created).toBe(true);
    expect(first.conversation?.otherUser).toMatchObject({ id: idOf(s), name: 'Hop Hill Brewing', role: 'supplier' });
    const again = await client.openConversation({ otherUserId: idOf(b) }, s);
    expect(again.created).toBe(false);
    expect(again.conversation?.id).toBe(first.conversation?.id);
    expect(again.conversation?.otherUser?.name).toBe('The Local Taphouse');
    await expectAppError(client.openConversation({ otherUserId: idOf(buyer()) }, b), 'forbidden');
    await expectAppError(client.openConversation({ otherUserId: idOf(s) }, operator()), 'forbidden');
    await expectAppError(client.openConversation({ otherUserId: '00000000-0000-4000-8000-000000000000' }, b), 'not-found');
    await expectAppError(client.openConversation({ otherUserId: 'nope' }, b), 'validation-invalid-params');
  });

  it('sends plain text to the other participant, who sees it unseen until marking it seen; the event carries it', async () => {
    const { client, buyer, supplier, published } = h();
    const b = buyer();
    const s = supplier();
    const id = (await client.openConversation({ otherUserId: idOf(s) }, b)).conversation?.id ?? '';
    const content = '<script>alert(1)</script> "><img src=x onerror=alert(1)>';
    const sent = await client.sendMessage({ conversationId: id, content: `  ${content}  `, transactionId: '' }, b);
    expect(sent.message).toMatchObject({ content, senderId: idOf(b), kind: 'text' });
    expect((await client.listUnseenConversations({}, s)).conversationIds).toEqual([id]);
    expect((await client.listUnseenConversations({}, b)).conversationIds).toEqual([]);
    const list = await client.listConversations({ limit: 8, lastConversationId: '', keyword: '' }, s);
    expect(list.conversations[0]).toMatchObject({ id, seen: false, lastMessagePreview: content });
    await client.markSeen({ conversationId: id }, s);
    expect((await client.listUnseenConversations({}, s)).conversationIds).toEqual([]);
    const event = await until(async () => published.find((e) => (e.data as { messageId?: string }).messageId === sent.message?.id), (e) => e !== undefined);
    expect(event?.type).toBe('messaging.message.sent');
    expect(event?.data).toMatchObject({ conversationId: id, senderId: idOf(b), recipientId: idOf(s), content, senderName: 'The Local Taphouse' });
  });

  it('refuses empty, too long and non-participant messages, and changes nothing', async () => {
    const { client, buyer, supplier, operator } = h();
    const b = buyer();
    const s = supplier();
    const id = (await client.openConversation({ otherUserId: idOf(s) }, b)).conversation?.id ?? '';
    await expectAppError(client.sendMessage({ conversationId: id, content: '   ', transactionId: '' }, b), 'validation-invalid-params');
    await expectAppError(client.sendMessage({ conversationId: id, content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1), transactionId: '' }, b), 'validation-invalid-params');
    await expectAppError(client.sendMessage({ conversationId: id, content: 'hi', transactionId: '' }, buyer()), 'not-found');
    await expectAppError(client.sendMessage({ conversationId: id, content: 'hi', transactionId: '' }, operator()), 'not-found');
    await expectAppError(client.sendMessage({ conversationId: id, content: 'hi', transactionId: '' }, buyer('x', [LIMITED_SCOPE])), 'forbidden');
    await expectAppError(client.listMessages({ conversationId: id, page: 1, perPage: 20 }, supplier()), 'not-found');
    await expectAppError(client.getConversation({ conversationId: id }, buyer()), 'not-found');
    await expectAppError(client.markSeen({ conversationId: id }, buyer()), 'not-found');
    expect((await client.listMessages({ conversationId: id, page: 1, perPage: 20 }, b)).totalItems).toBe(0);
  });

  it('pages messages newest first, 20 a page, and replays a participant’s messages after a position', async () => {
    const { client, buyer, supplier, svc } = h();
    const b = buyer();
    const s = supplier();
    const id = (await client.openConversation({ otherUserId: idOf(s) }, b)).conversation?.id ?? '';
    // More than the harness's rate limit (5 a minute) allows: unlimited for this test only.
    const limiter = svc.deps.sendLimiter;
    const unlimited = async () => ({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    svc.deps.sendLimiter = { consume: unlimited, peek: unlimited, reset: async () => undefined };
    try {
      for (let i = 1; i <= 23; i++) await client.sendMessage({ conversationId: id, content: `m${i}`, transactionId: '' }, i % 2 ? b : s);
    } finally {
      svc.deps.sendLimiter = limiter;
    }
    const p1 = await client.listMessages({ conversationId: id, page: 1, perPage: 0 }, s);
    expect(p1).toMatchObject({ page: 1, perPage: 20, totalItems: 23, totalPages: 2 });
    expect(p1.messages.map((m) => m.content).slice(0, 2)).toEqual(['m23', 'm22']);
    const p2 = await client.listMessages({ conversationId: id, page: 2, perPage: 0 }, s);
    expect(p2.messages.map((m) => m.content)).toEqual(['m3', 'm2', 'm1']);
    const after = p2.messages[0]?.seq ?? 0;
    const since = await client.listMessagesSince({ afterSeq: after, limit: 100 }, b);
    expect(since.messages.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 4}`));
    expect(since.headSeq).toBe(p1.messages[0]?.seq);
    expect((await client.listMessagesSince({ afterSeq: after, limit: 100 }, buyer())).messages).toEqual([]);
  });

  it('limits a sender to a few messages a minute (429)', async () => {
    const { client, buyer, supplier } = h();
    const b = buyer();
    const id = (await client.openConversation({ otherUserId: idOf(supplier()) }, b)).conversation?.id ?? '';
    for (let i = 0; i < 5; i++) await client.sendMessage({ conversationId: id, content: `hello ${i}`, transactionId: '' }, b);
    await expectAppError(client.sendMessage({ conversationId: id, content: 'one too many', transactionId: '' }, b), 'too-many-requests');
  });

  it('lists by most recent message, pages by lastConversationId, searches by the other party’s name', async () => {
    const { client, buyer, supplier } = h();
    const b = buyer();
    const names = ['Alpha Ales', 'Beta Brewing', 'Gamma Gin', 'Delta Distillers', 'Alpine Wines'];
    const ids: string[] = [];
    for (const n of names) {
      const s = supplier(n);
      const id = (await client.openConversation({ otherUserId: idOf(s) }, b)).conversation?.id ?? '';
      await client.sendMessage({ conversationId: id, content: `to ${n}`, transactionId: '' }, s);
      ids.push(id);
    }
    const first = await client.listConversations({ limit: 2, lastConversationId: '', keyword: '' }, b);
    expect(first.conversations.map((c) => c.otherUser?.name)).toEqual(['Alpine Wines', 'Delta Distillers']);
    expect(first.hasMore).toBe(true);
    const next = await client.listConversations({ limit: 8, lastConversationId: first.conversations[1]?.id ?? '', keyword: '' }, b);
    expect(next.conversations.map((c) => c.otherUser?.name)).toEqual(['Gamma Gin', 'Beta Brewing', 'Alpha Ales']);
    expect(next.hasMore).toBe(false);
    const found = await client.listConversations({ limit: 20, lastConversationId: '', keyword: 'alp' }, b);
    expect(found.conversations.map((c) => c.otherUser?.name)).toEqual(['Alpine Wines', 'Alpha Ales']);
    expect((await client.listConversations({ limit: 20, lastConversationId: '', keyword: '%' }, b)).conversations).toEqual([]);
    await expectAppError(client.listConversations({ limit: 20, lastConversationId: '', keyword: '   ' }, b), 'validation-invalid-params');
    await expectAppError(client.listConversations({ limit: 8, lastConversationId: ids[0] ?? '', keyword: '' }, buyer()), 'not-found');
  });

  it('sets the caller’s name as the other party sees it', async () => {
    const { client, buyer, supplier } = h();
    const b = buyer();
    const s = supplier('Old Name Brewing');
    await client.openConversation({ otherUserId: idOf(s) }, b);
    await client.setUserName({ userName: 'New Name Brewing' }, s);
    const list = await client.listConversations({ limit: 8, lastConversationId: '', keyword: '' }, b);
    expect(list.conversations[0]?.otherUser?.name).toBe('New Name Brewing');
    await expectAppError(client.setUserName({ userName: '  ' }, s), 'validation-invalid-params');
  });
});
