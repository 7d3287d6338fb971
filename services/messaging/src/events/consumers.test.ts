import { randomUUID } from 'node:crypto';
import { SessionsRevoked, UserDeleted, UserProfileChanged } from '@caskade/identity/events';
import { OrderTransitioned } from '@caskade/orders/events';
import { expectAppError } from '@caskade/kit/testing';
import { describeMessaging, idOf, until } from '../testing/harness';

const order = (customerId: string, providerId: string, extra: Record<string, unknown> = {}) => ({
  orderId: randomUUID(), orderNumber: 'CSK-1042', customerId, providerId, processName: 'standard', transition: 'confirm-payment', fromState: 'pending-payment', toState: 'purchased', actor: 'system', ...extra,
});

describeMessaging('consumers: orders, names, bans and deletions', (h, { test: it }) => {
  it('sends the default order message to the supplier once per purchased order, however often the event comes', async () => {
    const { client, buyer, supplier, publish } = h();
    const b = buyer();
    const s = supplier();
    const data = order(idOf(b), idOf(s));
    const event = await publish(OrderTransitioned.subject, data);
    await publish(OrderTransitioned.subject, data, { id: event.id });
    await publish(OrderTransitioned.subject, data);
    const list = await until(() => client.listConversations({ limit: 8, lastConversationId: '', keyword: '' }, s), (l) => l.conversations.length === 1);
    const conversation = list.conversations[0];
    expect(conversation).toMatchObject({ seen: false, transactionIds: [data.orderId] });
    const messages = await client.listMessages({ conversationId: conversation?.id ?? '', page: 1, perPage: 20 }, s);
    expect(messages.messages).toHaveLength(1);
    expect(messages.messages[0]).toMatchObject({ senderId: idOf(b), kind: 'default-order', transactionId: data.orderId });
    expect(messages.messages[0]?.content).toContain('CSK-1042');
    // The buyer asking for it again (POST /api/messages/default-message) sends nothing more.
    const again = await client.sendDefaultMessage({ transactionId: data.orderId, orderId: data.orderId, providerId: idOf(s), customerId: idOf(b), providerOrderRef: 'CSK-1042' }, b);
    expect(again.message).toBeUndefined();
    await expectAppError(client.sendDefaultMessage({ transactionId: data.orderId, orderId: '', providerId: idOf(s), customerId: '', providerOrderRef: '' }, buyer()), 'not-found');
    // Either party may now write about the order by its id.
    const byOrder = await client.sendMessage({ conversationId: '', transactionId: data.orderId, content: 'When will it ship?' }, b);
    expect(byOrder.conversationId).toBe(conversation?.id);
    await expectAppError(client.sendMessage({ conversationId: '', transactionId: data.orderId, content: 'hi' }, buyer()), 'not-found');
  });

  it('puts a dispute’s reason into the order’s conversation and lets the operator read it, read-only', async () => {
    const { client, buyer, supplier, operator, publish } = h();
    const b = buyer();
    const s = supplier();
    const purchased = order(idOf(b), idOf(s));
    await publish(OrderTransitioned.subject, purchased);
    const op = operator();
    const id = (await until(() => client.listConversations({ limit: 8, lastConversationId: '', keyword: '' }, b), (l) => l.conversations.length === 1)).conversations[0]?.id ?? '';
    await expectAppError(client.getConversation({ conversationId: id }, op), 'not-found');
    await publish(OrderTransitioned.subject, { ...purchased, transition: 'mark-delivered', fromState: 'purchased', toState: 'delivered' });
    await publish(OrderTransitioned.subject, { ...purchased, transition: 'dispute', fromState: 'delivered', toState: 'disputed', actor: 'customer', actorId: idOf(b), reason: 'Two kegs arrived <b>warm</b>' });
    const messages = await until(() => client.listMessages({ conversationId: id, page: 1, perPage: 20 }, s), (m) => m.totalItems === 2);
    expect(messages.messages[0]).toMatchObject({ kind: 'dispute', senderId: idOf(b), content: 'I have disputed order CSK-1042: Two kegs arrived <b>warm</b>' });
    const asOperator = await client.getConversation({ conversationId: id }, op);
    expect(asOperator.readOnly).toBe(true);
    expect((await client.listMessages({ conversationId: id, page: 1, perPage: 20 }, op)).totalItems).toBe(2);
    await expectAppError(client.sendMessage({ conversationId: id, content: 'operator here', transactionId: '' }, op), 'forbidden');
    await expectAppError(client.markSeen({ conversationId: id }, op), 'forbidden');
  });

  it('posts an enquiry’s first message (the enquire transition’s reason) as the buyer’s own text, once however often the event comes', async () => {
    const { client, buyer, supplier, publish } = h();
    const b = buyer();
    const s = supplier();
    const enquiry = order(idOf(b), idOf(s), { processName: 'release-1', transition: 'enquire', fromState: 'initial', toState: 'enquiry', actor: 'customer', actorId: idOf(b), reason: 'Do you do <b>half</b> kegs?' });
    const event = await publish(OrderTransitioned.subject, enquiry);
    await publish(OrderTransitioned.subject, enquiry, { id: event.id });
    const list = await until(() => client.listConversations({ limit: 8, lastConversationId: '', keyword: '' }, s), (l) => l.conversations.length === 1);
    expect(list.conversations[0]).toMatchObject({ seen: false, transactionIds: [enquiry.orderId] });
    const messages = await client.listMessages({ conversationId: list.conversations[0]?.id ?? '', page: 1, perPage: 20 }, s);
    expect(messages.messages.map((m) => [m.kind, m.senderId, m.content, m.transactionId])).toEqual([['text', idOf(b), 'Do you do <b>half</b> kegs?', enquiry.orderId]]);
  });

  it('shows a brand name change in existing conversations, ignoring an older version', async () => {
    const { client, buyer, supplier, publish } = h();
    const b = buyer();
    const s = supplier('First Brand');
    await client.openConversation({ otherUserId: idOf(s) }, b);
    await publish(UserProfileChanged.subject, { userId: idOf(s), role: 'supplier', displayName: 'Sam B', brandName: 'Second Brand' }, { version: 5 });
    const nameNow = () => client.listConversations({ limit: 8, lastConversationId: '', keyword: '' }, b).then((l) => l.conversations[0]?.otherUser?.name);
    expect(await until(nameNow, (n) => n === 'Second Brand')).toBe('Second Brand');
    await publish(UserProfileChanged.subject, { userId: idOf(s), role: 'supplier', displayName: 'Sam B', brandName: 'Stale Brand' }, { version: 3 });
    await new Promise((r) => setTimeout(r, 200));
    expect(await nameNow()).toBe('Second Brand');
  });

  it('shows banned and deleted accounts without a name (Banned user / Deleted user) and refuses writing to a deleted one', async () => {
    const { client, buyer, supplier, publish } = h();
    const b = buyer();
    const s = supplier();
    const s2 = supplier('Gone Distillery');
    const id = (await client.openConversation({ otherUserId: idOf(s) }, b)).conversation?.id ?? '';
    const id2 = (await client.openConversation({ otherUserId: idOf(s2) }, b)).conversation?.id ?? '';
    await publish(SessionsRevoked.subject, { userId: idOf(s), sessionVersion: 2, status: 'banned' });
    await publish(UserDeleted.subject, { userId: idOf(s2) });
    const other = (cid: string) => client.getConversation({ conversationId: cid }, b).then((c) => c.conversation?.otherUser);
    expect(await until(() => other(id), (p) => p?.banned === true)).toMatchObject({ banned: true, name: '' });
    expect(await until(() => other(id2), (p) => p?.deleted === true)).toMatchObject({ deleted: true, name: '' });
    await expectAppError(client.sendMessage({ conversationId: id2, content: 'hello?', transactionId: '' }, b), 'forbidden');
  });
});
