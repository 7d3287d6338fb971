import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { listDeadLetters, readDeadLetter, replayDeadLetter, type DeadLetterSummary } from './dead-letters';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { identityEvents } from '@caskade/proto';
import pino from 'pino';
import { openDatabase, type Database } from '../db/database';
import { describeWithServices, natsService, pgliteService, TEST_NATS_URL, uniqueName } from '../testing/services';
import type { DeadLetter } from './delivery';
import { consumeOnce } from './inbox';
import { DEAD_LETTER_STREAM, EVENT_SUBJECTS, EVENTS_STREAM, NatsEventBus, streamReplicas } from './nats-bus';
import { OUTBOX_MIGRATION } from './outbox';
import { defineConsumer, defineEvent } from './typed';
import { TransientError, type EventEnvelope, type EventHandler } from './types';

const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });

// Streams and subjects of this run only, deleted afterwards (with every consumer on them).
const run = uniqueName('t').toLowerCase();
const STREAM = `KIT_EVENTS_${run}`.toUpperCase();
const DLQ_STREAM = `KIT_DLQ_${run}`.toUpperCase();
const DLQ_PREFIX = `${run}_dl`;

function event(type: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type: `${run}.${type}`, occurredAt: new Date().toISOString(), aggregateId: 'a1', aggregateVersion: 1, data };
}

/** Resolves when `predicate` holds, polling briefly; fails the test after `ms`. */
async function until(predicate: () => boolean | Promise<boolean>, ms = 4000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const nats = natsService();
describeWithServices('NatsEventBus on JetStream', [nats], (t) => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let bus: NatsEventBus;
  let n = 0;
  const consumerName = () => `kit-test-${++n}`;

  t.beforeAll(async () => {
    nc = await connect({ servers: TEST_NATS_URL });
    jsm = await jetstreamManager(nc);
    bus = await NatsEventBus.connect({
      url: TEST_NATS_URL,
      logger,
      name: 'kit-test',
      stream: { name: STREAM, subjects: [`${run}.>`] },
      deadLetter: { stream: DLQ_STREAM, prefix: DLQ_PREFIX },
      maxAgeMs: 60 * 60_000,
      retryBaseMs: 50,
      retryMaxMs: 2000,
    });
  });

  t.afterAll(async () => {
    await bus.close();
    for (const s of [STREAM, DLQ_STREAM, `${STREAM}_W`]) await jsm.streams.delete(s).catch(() => false);
    await nc.close();
  });

  async function subscribe(handler: EventHandler, subjects = [`${run}.>`], maxDeliver?: number) {
    const consumer = consumerName();
    const sub = await bus.subscribe({ consumer, subjects, handler, ...(maxDeliver ? { maxDeliver } : {}) });
    return { consumer, sub };
  }

  t.test('publish → durable pull consumer → handler, acked after it returns', async () => {
    const got: EventEnvelope[] = [];
    const { consumer, sub } = await subscribe(async (e) => void got.push(e), [`${run}.order.*`]);
    const e = { ...event('order.placed', { total: 1234 }), traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
    await bus.publish(e);
    await until(() => got.length === 1);
    expect(got[0]).toEqual(e);
    await until(async () => (await jsm.consumers.info(STREAM, consumer)).num_ack_pending === 0);
    const info = await jsm.consumers.info(STREAM, consumer);
    expect(info.config).toMatchObject({ durable_name: consumer, filter_subject: `${run}.order.*`, ack_policy: 'explicit', max_deliver: 8 });
    expect(info.delivered.consumer_seq).toBe(1);
    await sub.stop();
  });

  t.test('a typed consumer gets the decoded payload and the trace context across JetStream', async () => {
    const Deleted = defineEvent(`${run}.account.deleted`, identityEvents.UserDeleted);
    const got: { userId: string; traceparent: string | undefined }[] = [];
    const sub = await bus.subscribe(defineConsumer(consumerName(), [Deleted]).handle(async (e) => void got.push({ userId: e.data.userId, traceparent: e.traceparent })));
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await bus.publish({ id: randomUUID(), type: Deleted.subject, occurredAt: new Date().toISOString(), aggregateId: 'u7', aggregateVersion: 1, traceparent, data: Deleted.encode({ userId: 'u7' }) });
    await until(() => got.length === 1);
    expect(got).toEqual([{ userId: 'u7', traceparent }]);
    await sub.stop();
  });

  t.test('the same event id published twice is stored and delivered once (Nats-Msg-Id)', async () => {
    const got: string[] = [];
    const { sub } = await subscribe(async (e) => void got.push(e.id), [`${run}.cart.*`]);
    const e = event('cart.updated');
    await bus.publish(e);
    await bus.publish(e);
    const marker = event('cart.cleared');
    await bus.publish(marker);
    await until(() => got.includes(marker.id));
    expect(got).toEqual([e.id, marker.id]);
    await sub.stop();
  });

  t.test('a failing handler is nak-ed with backoff and redelivered until it succeeds; never acked on failure', async () => {
    const at: number[] = [];
    let succeeded = false;
    const { sub } = await subscribe(async () => {
      at.push(Date.now());
      if (at.length < 3) throw new Error('database blip');
      succeeded = true;
    }, [`${run}.payment.*`]);
    await bus.publish(event('payment.succeeded'));
    await until(() => succeeded);
    expect(at).toHaveLength(3);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(40); // nak(50)
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(90); // nak(100)
    await sub.stop();
  });

  t.test('TransientError naks with its retryAfterMs', async () => {
    const at: number[] = [];
    const { sub } = await subscribe(async () => {
      at.push(Date.now());
      if (at.length === 1) throw new TransientError('3PL busy', 400);
    }, [`${run}.shipping.*`]);
    await bus.publish(event('shipping.created'));
    await until(() => at.length === 2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(380);
    await sub.stop();
  });

  t.test('a poison message is dead-lettered to deadletter.<consumer> after maxDeliver and terminated', async () => {
    let calls = 0;
    const ok: string[] = [];
    const { consumer, sub } = await subscribe(
      async (e) => {
        if (e.type.endsWith('.bad')) {
          calls++;
          throw new Error('cannot parse listing');
        }
        ok.push(e.id);
      },
      [`${run}.listing.*`],
      3,
    );
    const bad = event('listing.bad');
    await bus.publish(bad);
    const letter = await (async () => {
      let found: DeadLetter | null = null;
      await until(async () => {
        try {
          const m = await jsm.streams.getMessage(DLQ_STREAM, { last_by_subj: `${DLQ_PREFIX}.${consumer}` });
          found = m ? m.json<DeadLetter>() : null;
        } catch {
          found = null;
        }
        return found !== null;
      });
      return found as DeadLetter | null;
    })();
    expect(letter).toMatchObject({ consumer, subject: bad.type, deliveries: 3, error: 'Error: cannot parse listing', event: bad });
    expect(calls).toBe(3);
    // Terminated: nothing pending or awaiting ack, and the consumer keeps going.
    const good = event('listing.ok');
    await bus.publish(good);
    await until(() => ok.includes(good.id));
    await until(async () => (await jsm.consumers.info(STREAM, consumer)).num_ack_pending === 0);
    expect(calls).toBe(3);
    await sub.stop();
  });

  t.test('an operator lists, shows and replays a dead letter: the fixed consumer handles it once and the letter is gone', async () => {
    let broken = true;
    const handled: string[] = [];
    const { consumer, sub } = await subscribe(
      async (e) => {
        if (broken) throw new Error('downstream unavailable');
        handled.push(e.id);
      },
      [`${run}.invoice.*`],
      2,
    );
    const poison = event('invoice.issued', { total: 99 });
    await bus.publish(poison);
    let letters: DeadLetterSummary[] = [];
    await until(async () => {
      letters = (await listDeadLetters(jsm, { stream: DLQ_STREAM })).filter((l) => l.consumer === consumer);
      return letters.length === 1;
    });
    const [letter] = letters;
    expect(letter).toMatchObject({ consumer, subject: poison.type, eventId: poison.id, deliveries: 2, error: 'Error: downstream unavailable' });
    expect((await readDeadLetter(jsm, letter!.seq, DLQ_STREAM))?.event).toEqual(poison);
    broken = false; // the fix is deployed
    expect(await replayDeadLetter(jetstream(nc), jsm, letter!.seq, DLQ_STREAM)).toEqual({ replayed: true, eventId: poison.id, subject: poison.type });
    await until(() => handled.includes(poison.id));
    expect(handled).toEqual([poison.id]);
    expect((await listDeadLetters(jsm, { stream: DLQ_STREAM })).filter((l) => l.consumer === consumer)).toEqual([]);
    expect(await replayDeadLetter(jetstream(nc), jsm, letter!.seq, DLQ_STREAM)).toEqual({ replayed: false, reason: 'not-found' });
    await sub.stop();
  });

  t.test('a message that is not an envelope is dead-lettered at once', async () => {
    const { consumer, sub } = await subscribe(async () => undefined, [`${run}.junk.*`]);
    await nc.request(`${run}.junk.raw`, 'not json');
    await until(async () => {
      try {
        const m = await jsm.streams.getMessage(DLQ_STREAM, { last_by_subj: `${DLQ_PREFIX}.${consumer}` });
        return m?.json<DeadLetter>().raw === 'not json';
      } catch {
        return false;
      }
    });
    await sub.stop();
  });

  t.test('durable: events published while the consumer is stopped are delivered when it resubscribes', async () => {
    const got: string[] = [];
    const consumer = consumerName();
    const opts = { consumer, subjects: [`${run}.user.*`], handler: async (e: EventEnvelope) => void got.push(e.id) };
    const first = await bus.subscribe(opts);
    const a = event('user.created');
    await bus.publish(a);
    await until(() => got.length === 1);
    await first.stop();
    const b = event('user.updated');
    await bus.publish(b);
    const second = await bus.subscribe(opts);
    await until(() => got.length === 2);
    expect(got).toEqual([a.id, b.id]);
    await second.stop();
  });

  t.test('several subject filters: one durable consumer per filter (server 2.9 has one filter per consumer)', async () => {
    const got: string[] = [];
    const consumer = consumerName();
    const subjects = [`${run}.brand.*`, `${run}.profile.*`];
    const sub = await bus.subscribe({ consumer, subjects, handler: async (e) => void got.push(e.type) });
    expect(NatsEventBus.durableNames({ consumer, subjects })).toEqual([`${consumer}-1`, `${consumer}-2`]);
    await bus.publish(event('brand.created'));
    await bus.publish(event('profile.updated'));
    await until(() => got.length === 2);
    expect(got.sort()).toEqual([`${run}.brand.created`, `${run}.profile.updated`]);
    expect((await jsm.consumers.info(STREAM, `${consumer}-2`)).config.filter_subject).toBe(`${run}.profile.*`);
    await sub.stop();
    await expect(bus.subscribe({ consumer: consumerName(), subjects: [`${run}.>`, `${run}.a.b`], handler: async () => undefined })).rejects.toThrow(/overlap/);
  });

  t.test('an existing stream with fewer subjects is widened on connect', async () => {
    const name = `${STREAM}_W`;
    await jsm.streams.add({ name, subjects: [`${run}w1.>`], storage: StorageType.Memory });
    const widened = await NatsEventBus.connect({ url: TEST_NATS_URL, logger, stream: { name, subjects: [`${run}w1.>`, `${run}w2.>`] }, deadLetter: { stream: DLQ_STREAM, prefix: DLQ_PREFIX } });
    await widened.close();
    expect((await jsm.streams.info(name)).config.subjects.sort()).toEqual([`${run}w1.>`, `${run}w2.>`]);
  });

  t.test('the production streams exist with every service subject, file storage and a 2-minute dedup window', async () => {
    const production = await NatsEventBus.connect({ url: TEST_NATS_URL, logger });
    await production.close();
    const events = await jsm.streams.info(EVENTS_STREAM);
    expect(events.config.subjects).toEqual(expect.arrayContaining(EVENT_SUBJECTS));
    expect(events.config).toMatchObject({ storage: 'file', duplicate_window: 120_000_000_000 });
    expect((await jsm.streams.info(DEAD_LETTER_STREAM)).config.subjects).toContain('deadletter.>');
  });

  describeWithServices('with an inbox on PGlite', [nats, pgliteService()], (inner) => {
    let database: Database<{ effects: { event_id: string } }>;
    inner.beforeAll(async () => {
      database = await openDatabase({ service: 'kit_nats', dataDir: ':memory:', migrations: [OUTBOX_MIGRATION, { id: '001_effects', sql: 'create table effects (event_id uuid not null)' }] });
    }, 30_000);
    inner.afterAll(async () => {
      await database.close();
    });
    inner.test('a redelivered event (handler failed after its effect committed) applies its effect once', async () => {
      const applied: boolean[] = [];
      const { sub } = await subscribe(async (e) => {
        applied.push(await consumeOnce(database.db, 'kit-test-inbox', e, async (trx) => void (await trx.insertInto('effects').values({ event_id: e.id }).execute())));
        if (applied.length === 1) throw new Error('crashed before ack');
      }, [`${run}.inbox.*`]);
      const e = event('inbox.checked');
      await bus.publish(e);
      await until(() => applied.length === 2);
      expect(applied).toEqual([true, false]);
      expect(await database.db.selectFrom('effects').selectAll().execute()).toEqual([{ event_id: e.id }]);
      await sub.stop();
    });
  });
});

describe('stream replicas follow the NATS cluster', () => {
  test.each([
    [undefined, 1],
    [{}, 1],
    [{ connect_urls: ['a:4222', 'b:4222', 'c:4222'] }, 1],
    [{ cluster: 'caskade', connect_urls: ['a:4222'] }, 1],
    [{ cluster: 'caskade', connect_urls: ['a:4222', 'b:4222'] }, 2],
    [{ cluster: 'caskade', connect_urls: ['a:4222', 'b:4222', 'c:4222'] }, 3],
    [{ cluster: 'caskade', connect_urls: ['a:4222', 'b:4222', 'c:4222', 'd:4222', 'e:4222'] }, 3],
    [{ cluster: 'caskade', connect_urls: ['a:4222', 'a:4222', 'b:4222'] }, 2],
  ])('%p → %i', (info, replicas) => {
    expect(streamReplicas(info)).toBe(replicas);
  });
});
