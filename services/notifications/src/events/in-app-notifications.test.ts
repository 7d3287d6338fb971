import { randomUUID } from 'node:crypto';
import type { CallContext, EventEnvelope } from '@caskade/kit';
import { MessageSent } from '@caskade/messaging/events';
import { messagingEvents } from '@caskade/proto';
import { expectAppError } from '@caskade/kit/testing';
import { notificationText, ORDER_NOTIFICATION_KINDS } from '../domain/notifications';
import { ORDER_EMAIL_KINDS } from '../domain/templates';
import { startTestPushService, type TestPushService } from '../push/test-push-service';
import { describeNotifications, orderTransitioned, parties, waitFor, type NotificationsHarness } from '../testing/harness';

const as = (userId: string, role: 'buyer' | 'supplier' = 'buyer'): CallContext => ({ requestId: randomUUID(), caller: { userId, role, scopes: [] } });
const buyer = as(parties.buyer.id);
const supplier = as(parties.supplier.id, 'supplier');

let push: TestPushService;
beforeAll(async () => {
  push = await startTestPushService();
});
afterAll(async () => {
  await push.close();
});

async function pushesOf(h: NotificationsHarness, orderNumber: string) {
  return h.svc.db.selectFrom('pushes').innerJoin('notifications', 'notifications.id', 'pushes.notification_id').select(['pushes.state', 'pushes.endpoint']).where('notifications.order_number', '=', orderNumber).execute();
}

describeNotifications('notifications: in-app notifications and web push from order events', (h, { test: it }) => {
  it('an order event delivered twice makes one notification, one email and one push, whose payload the browser decrypts', async () => {
    const { client, bus, emailsTo } = h();
    const sub = push.subscribe();
    await client.savePushSubscription({ subscription: sub }, buyer);
    expect((await client.checkPushSubscription({ endpoint: sub.endpoint }, buyer)).valid).toBe(true);
    // Another's check does not see it.
    expect((await client.checkPushSubscription({ endpoint: sub.endpoint }, supplier)).valid).toBe(false);

    const event = orderTransitioned({ fromState: 'purchased', toState: 'delivered', actor: 'provider', orderNumber: 'CK-PUSH-1' });
    const orderId = (event.data as { orderId: string }).orderId;
    await bus.publish(event);
    await bus.publish(event);
    await waitFor(async () => push.received(sub.endpoint).length === 1, 'the push');
    await new Promise((r) => setTimeout(r, 300));

    const { notifications, unseenCount } = await client.listNotifications({ limit: 0 }, buyer);
    const mine = notifications.filter((n) => n.orderNumber === 'CK-PUSH-1');
    expect(mine).toEqual([expect.objectContaining({ kind: 'orderDelivered', seen: false, orderId, path: `/orders/${orderId}`, otherPartyName: parties.supplier.businessName })]);
    expect(unseenCount).toBeGreaterThanOrEqual(1);
    expect((await emailsTo(parties.buyer.email)).filter((e) => e.subject.includes('CK-PUSH-1')).map((e) => e.kind)).toEqual(['orderDelivered']);

    const received = push.received(sub.endpoint);
    expect(received).toHaveLength(1);
    expect(push.rejected).toEqual([]);
    expect(JSON.parse(received[0]!.text)).toEqual({
      id: mine[0]!.id, kind: 'orderDelivered', path: `/orders/${orderId}`,
      ...notificationText({ kind: 'orderDelivered', orderNumber: 'CK-PUSH-1', otherPartyName: parties.supplier.businessName }),
    });
    expect(received[0]!.headers.ttl).toBe('86400');
    expect(received[0]!.vapid.publicKey).toBe((await client.getPushConfig({}, buyer)).vapidPublicKey);
    expect(received[0]!.vapid.sub).toBe('mailto:no-reply@caskade.local');
    // One notifications.notification.created for the gateways' live streams.
    const outbox = await h().svc.db.selectFrom('outbox' as never).select('payload' as never).where('type' as never, '=', 'notifications.notification.created' as never).execute() as unknown as { payload: EventEnvelope }[];
    expect(outbox.map((r) => r.payload.data).filter((d) => (d as { orderNumber: string }).orderNumber === 'CK-PUSH-1')).toEqual([
      expect.objectContaining({ notificationId: mine[0]!.id, userId: parties.buyer.id, kind: 'orderDelivered', path: `/orders/${orderId}` }),
    ]);
    // The supplier ran it: no notification for them.
    expect((await client.listNotifications({ limit: 0 }, supplier)).notifications.filter((n) => n.orderNumber === 'CK-PUSH-1')).toEqual([]);
  }, 30_000);

  it('a subscription the push service answers 410 (or 404) is removed, and later events push to it no more', async () => {
    const { client, bus } = h();
    const gone = push.subscribe();
    const alive = push.subscribe();
    await client.savePushSubscription({ subscription: gone }, supplier);
    await client.savePushSubscription({ subscription: alive }, supplier);
    push.answer(gone.endpoint, 410);
    await bus.publish(orderTransitioned({ fromState: 'pending-payment', toState: 'purchased', actor: 'system', orderNumber: 'CK-GONE-PUSH-1' }));
    await waitFor(async () => !(await client.checkPushSubscription({ endpoint: gone.endpoint }, supplier)).valid, 'the gone subscription dropped');
    await waitFor(async () => push.received(alive.endpoint).length === 1, 'the live browser’s push');
    await waitFor(async () => (await pushesOf(h(), 'CK-GONE-PUSH-1')).every((p) => p.state !== 'pending'), 'both pushes settled');
    expect(push.received(gone.endpoint).map((p) => p.status)).toEqual([410]);
    expect((await pushesOf(h(), 'CK-GONE-PUSH-1')).map((p) => [p.endpoint === gone.endpoint ? 'gone' : 'alive', p.state]).sort()).toEqual([['alive', 'sent'], ['gone', 'gone']]);

    await bus.publish(orderTransitioned({ fromState: 'delivered', toState: 'received', actor: 'customer', orderNumber: 'CK-GONE-PUSH-2' }));
    await waitFor(async () => push.received(alive.endpoint).length === 2, 'the second push');
    await waitFor(async () => (await pushesOf(h(), 'CK-GONE-PUSH-2')).every((p) => p.state !== 'pending'), 'the push settled');
    expect(push.received(gone.endpoint)).toHaveLength(1);
    expect(await pushesOf(h(), 'CK-GONE-PUSH-2')).toEqual([{ state: 'sent', endpoint: alive.endpoint }]);

    // Removed (logout): no more pushes there; removing again removes nothing.
    expect((await client.removePushSubscription({ endpoint: alive.endpoint }, supplier)).removed).toBe(true);
    expect((await client.removePushSubscription({ endpoint: alive.endpoint }, supplier)).removed).toBe(false);
    await bus.publish(orderTransitioned({ fromState: 'purchased', toState: 'disputed', actor: 'customer', orderNumber: 'CK-GONE-PUSH-3', reason: 'flat' }));
    await waitFor(async () => (await client.listNotifications({ limit: 0 }, supplier)).notifications.some((n) => n.orderNumber === 'CK-GONE-PUSH-3'), 'the notification');
    expect(await pushesOf(h(), 'CK-GONE-PUSH-3')).toEqual([]);
  }, 30_000);

  it('notifications are only their owner’s: listing, marking seen, subscriptions', async () => {
    const { client, bus } = h();
    await bus.publish(orderTransitioned({ fromState: 'purchased', toState: 'canceled', actor: 'operator', orderNumber: 'CK-OWN-1', refundCents: 100 }));
    await waitFor(async () => (await client.listNotifications({ limit: 0 }, buyer)).notifications.some((n) => n.orderNumber === 'CK-OWN-1'), 'the buyer’s');
    const buyersOwn = (await client.listNotifications({ limit: 0 }, buyer)).notifications.find((n) => n.orderNumber === 'CK-OWN-1')!;
    const suppliersOwn = (await client.listNotifications({ limit: 0 }, supplier)).notifications.find((n) => n.orderNumber === 'CK-OWN-1')!;
    expect([buyersOwn.kind, buyersOwn.path]).toEqual(['orderCancelled', `/orders/${buyersOwn.orderId}`]);
    expect([suppliersOwn.kind, suppliersOwn.path]).toEqual(['orderCancelled', `/sales/${buyersOwn.orderId}`]);
    const stranger = as(randomUUID());
    expect((await client.listNotifications({ limit: 0 }, stranger))).toEqual({ notifications: [], unseenCount: 0 });

    await expectAppError(client.markNotificationSeen({ notificationId: buyersOwn.id }, supplier), 'not-found');
    await expectAppError(client.markNotificationSeen({ notificationId: buyersOwn.id }, stranger), 'not-found');
    await expectAppError(client.markNotificationSeen({ notificationId: buyersOwn.id }, { requestId: 'anon', caller: null }), 'auth-unauthenticated');
    await expectAppError(client.listNotifications({ limit: 0 }, { requestId: 'anon', caller: null }), 'auth-unauthenticated');
    const bad = await expectAppError(client.markNotificationSeen({ notificationId: 'not-a-uuid' }, buyer), 'validation-invalid-params');
    expect(bad.meta).toEqual({ fields: { notificationId: 'validation.invalidValue' } });
    expect((await client.listNotifications({ limit: 0 }, buyer)).notifications.find((n) => n.id === buyersOwn.id)?.seen).toBe(false);

    const unseenBefore = (await client.listNotifications({ limit: 0 }, buyer)).unseenCount;
    expect((await client.markNotificationSeen({ notificationId: buyersOwn.id }, buyer)).notification).toMatchObject({ id: buyersOwn.id, seen: true });
    expect((await client.markNotificationSeen({ notificationId: buyersOwn.id }, buyer)).notification?.seen).toBe(true);
    expect((await client.listNotifications({ limit: 0 }, buyer)).unseenCount).toBe(unseenBefore - 1);
    expect((await client.listNotifications({ limit: 0 }, supplier)).notifications.find((n) => n.id === suppliersOwn.id)?.seen).toBe(false);

    // A browser's subscription moves to whoever saves it last; bad keys are refused.
    const sub = push.subscribe();
    await client.savePushSubscription({ subscription: sub }, buyer);
    await client.savePushSubscription({ subscription: sub }, supplier);
    expect((await client.checkPushSubscription({ endpoint: sub.endpoint }, buyer)).valid).toBe(false);
    expect((await client.removePushSubscription({ endpoint: sub.endpoint }, buyer)).removed).toBe(false);
    expect((await client.checkPushSubscription({ endpoint: sub.endpoint }, supplier)).valid).toBe(true);
    const badKeys = await expectAppError(client.savePushSubscription({ subscription: { ...sub, p256dh: 'short', auth: '' } }, buyer), 'validation-invalid-params');
    expect(Object.keys((badKeys.meta as { fields: object }).fields).sort()).toEqual(['keys.auth', 'keys.p256dh']);
    await expectAppError(client.savePushSubscription({ subscription: { ...sub, endpoint: 'javascript:alert(1)' } }, buyer), 'validation-invalid-params');
    await expectAppError(client.savePushSubscription({ subscription: sub }, { requestId: 'anon', caller: null }), 'auth-unauthenticated');
  }, 30_000);

  it('reminders notify whom they are for; the standing order’s notice is an email only', async () => {
    const { client, svc } = h();
    const { bus } = h();
    const { OrderReminder } = await import('@caskade/orders/events');
    const { ordersEvents } = await import('@caskade/proto');
    const reminder = (kind: string, recipientRole: string, orderNumber: string) => {
      const data = ordersEvents.OrderReminder.fromPartial({ orderId: randomUUID(), orderNumber, customerId: parties.buyer.id, providerId: parties.supplier.id, kind, recipientRole, dueAt: '2026-12-01T00:00:00Z', payinTotalCents: 1000 });
      return { id: randomUUID(), type: OrderReminder.subject, occurredAt: new Date().toISOString(), aggregateId: data.orderId, aggregateVersion: 1, data: OrderReminder.encode(data) };
    };
    await bus.publish(reminder('dueDate', 'customer', 'CK-REM-1'));
    await bus.publish(reminder('expireShippingTime', 'provider', 'CK-REM-2'));
    await bus.publish(reminder('standingOrderRun', 'customer', 'CK-REM-3'));
    await waitFor(async () => (await svc.db.selectFrom('emails').select('id').where('subject', 'like', '%CK-REM-3%').execute()).length === 1, 'the standing order email');
    await waitFor(async () => (await client.listNotifications({ limit: 0 }, supplier)).notifications.some((n) => n.orderNumber === 'CK-REM-2'), 'expireShippingTime');
    const buyers = (await client.listNotifications({ limit: 0 }, buyer)).notifications;
    expect(buyers.filter((n) => n.orderNumber.startsWith('CK-REM')).map((n) => n.kind)).toEqual(['dueDate']);
  }, 30_000);

  it('a person’s message notifies its recipient once, linking to the conversation; system messages do not', async () => {
    const { client, bus } = h();
    const conversationId = randomUUID();
    const sent = (kind: string) => {
      const data = messagingEvents.MessageSent.fromPartial({
        messageId: randomUUID(), conversationId, senderId: parties.supplier.id, recipientId: parties.buyer.id, content: 'Kegs leave Tuesday', createdAt: new Date().toISOString(), seq: 1, kind, senderName: 'Hop Hill <b>Brewing</b>',
      });
      return { id: randomUUID(), type: MessageSent.subject, occurredAt: new Date().toISOString(), aggregateId: conversationId, aggregateVersion: 1, data: MessageSent.encode(data) };
    };
    const text = sent('text');
    await bus.publish(text);
    await bus.publish(text);
    await bus.publish(sent('default-order'));
    await waitFor(async () => (await client.listNotifications({ limit: 0 }, buyer)).notifications.some((n) => n.conversationId === conversationId), 'the message notification');
    await new Promise((r) => setTimeout(r, 300));
    const mine = (await client.listNotifications({ limit: 0 }, buyer)).notifications.filter((n) => n.conversationId === conversationId);
    expect(mine).toEqual([expect.objectContaining({ kind: 'newMessage', path: `/messages/${conversationId}`, otherPartyName: 'Hop Hill <b>Brewing</b>', orderId: '' })]);
    expect((await client.listNotifications({ limit: 0 }, supplier)).notifications.filter((n) => n.conversationId === conversationId)).toEqual([]);
  }, 30_000);
}, { allowHttpPushEndpoints: true });

describe('notification kinds', () => {
  it('every spec kind has an email and an in-app text of its own', () => {
    for (const kind of ORDER_NOTIFICATION_KINDS) {
      expect(ORDER_EMAIL_KINDS).toContain(kind);
      expect(notificationText({ kind, orderNumber: 'CK-1', otherPartyName: 'Hop Hill' }).title).not.toBe('Notification');
    }
    expect(notificationText({ kind: 'newMessage', orderNumber: '', otherPartyName: '<img onerror=x>\n' }).body).toBe('<img onerror=x> sent you a message.');
  });
});
