import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describeWithServices, natsService, TEST_NATS_URL } from '../testing/services';
import { createEventBus } from './bus';
import { LocalEventBus } from './local-bus';
import type { EventEnvelope } from './types';

const logger = pino({ level: 'silent' });
const event = (type: string): EventEnvelope => ({ id: randomUUID(), type, occurredAt: new Date().toISOString(), aggregateId: 'a', aggregateVersion: 1, data: {} });

describe('createEventBus', () => {
  test('without a NATS URL: a local bus', async () => {
    const bus = await createEventBus({ natsUrl: undefined, logger });
    expect(bus.kind).toBe('local');
    expect(bus).toBeInstanceOf(LocalEventBus);
    await bus.close();
  });

  test('embedded mode: services share one local bus; each closes only its own subscriptions', async () => {
    const shared = new LocalEventBus({ logger });
    const identity = await createEventBus({ logger, shared });
    const notifications = await createEventBus({ logger, shared });
    const got: string[] = [];
    await notifications.subscribe({ consumer: 'notifications-emails', subjects: ['accounts.user.*'], handler: async (e) => void got.push(e.type) });
    await identity.publish(event('accounts.user.signed_up'));
    expect(got).toEqual(['accounts.user.signed_up']);
    await identity.close();
    await shared.publish(event('accounts.user.verified'));
    expect(got).toEqual(['accounts.user.signed_up', 'accounts.user.verified']);
    await notifications.close();
    await shared.close();
  });
});

describeWithServices('createEventBus with NATS', [natsService()], (t) => {
  t.test('with a NATS URL: JetStream', async () => {
    const bus = await createEventBus({ natsUrl: TEST_NATS_URL, logger, name: 'kit-test' });
    expect(bus.kind).toBe('nats');
    await bus.close();
  });
});
