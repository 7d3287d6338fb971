import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { openDatabase, type Database, type Migration } from '../db/database';
import { describeWithServices, pgliteService, postgresService, TEST_DATABASE_URL, uniqueName, type GatedSuite } from '../testing/services';
import { consumeOnce } from './inbox';
import { LocalEventBus } from './local-bus';
import { enqueueEvent, OUTBOX_MIGRATION, OutboxRelay } from './outbox';
import { defineEvent, type EventCodec } from './typed';
import type { EventEnvelope } from './types';

const logger = pino({ level: 'silent' });

/** Test payloads: any JSON object, passed through as it is. */
const json: EventCodec<Record<string, unknown>> = { fromJSON: (o) => o as Record<string, unknown>, toJSON: (m) => m };
const AccountsUserSignedUp = defineEvent('accounts.user.signed_up', json);
const AccountsUserDeleted = defineEvent('accounts.user.deleted', json);
const OrdersOrderPurchased = defineEvent('orders.order.purchased', json);
const ListingsListingCreated = defineEvent('listings.listing.created', json);
const ListingsListingUpdated = defineEvent('listings.listing.updated', json);
const ListingsListingPublished = defineEvent('listings.listing.published', json);
const ListingsListingClosed = defineEvent('listings.listing.closed', json);

interface TestDB {
  effects: { event_id: string; consumer: string };
}

const EFFECTS: Migration = { id: '001_effects', sql: 'create table effects (event_id uuid not null, consumer text not null)' };
const MIGRATIONS = [OUTBOX_MIGRATION, EFFECTS];

interface Backend {
  open(): Promise<Database<TestDB>>;
  /** Another handle on the same database (a second replica), when the backend has one. */
  openReplica?: () => Promise<Database<TestDB>>;
}

/** A real local bus with a recording subscriber: the relay's publish returns once it has recorded. */
async function recordingBus(consumer = 'recorder') {
  const bus = new LocalEventBus({ logger, retryBaseMs: 5, retryMaxMs: 20 });
  const seen: EventEnvelope[] = [];
  await bus.subscribe({ consumer, subjects: ['>'], handler: async (e) => void seen.push(e) });
  return { bus, seen };
}

async function outboxRows(db: Database<TestDB>) {
  const res = await sql<{ id: string; state: string; attempts: number; last_error: string | null; published_at: Date | null; payload: EventEnvelope }>`
    select id, state, attempts, last_error, published_at, payload from outbox order by created_at, seq`.execute(db.db);
  return res.rows;
}

async function effectCount(db: Database<TestDB>, eventId: string): Promise<number> {
  const rows = await db.db.selectFrom('effects').select('event_id').where('event_id', '=', eventId).execute();
  return rows.length;
}

function defineOutboxTests(backend: Backend, t: GatedSuite) {
  let database: Database<TestDB>;
  t.beforeAll(async () => {
    database = await backend.open();
  }, 30_000);
  t.beforeEach(async () => {
    await sql`truncate outbox, processed_events, effects`.execute(database.db);
  });
  t.afterAll(async () => {
    await database.close();
  });

  t.test('enqueueEvent writes the full envelope in the caller transaction; a rollback writes nothing', async () => {
    const kept = await database.db.transaction().execute((trx) => enqueueEvent(trx, AccountsUserSignedUp, { aggregateId: 'u1', aggregateVersion: 3, data: { email: 'a@example.com' }, traceparent: '00-abc-def-01' }));
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueEvent(trx, AccountsUserDeleted, { aggregateId: 'u1', data: {} });
        throw new Error('use case failed');
      }),
    ).rejects.toThrow('use case failed');
    const rows = await outboxRows(database);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: kept.id, state: 'pending', attempts: 0, published_at: null });
    expect(rows[0]!.payload).toEqual(kept);
    expect(kept).toMatchObject({ type: AccountsUserSignedUp.subject, aggregateId: 'u1', aggregateVersion: 3, traceparent: '00-abc-def-01' });
    expect(() => defineEvent('accounts.*', json)).toThrow(/not a valid subject/);
  });

  t.test('crash between commit and publish: a new relay on the same database publishes the row', async () => {
    const event = await database.db.transaction().execute((trx) => enqueueEvent(trx, OrdersOrderPurchased, { aggregateId: 'o1', data: { total: 1234 } }));
    // The process "dies" here, after the commit and before its relay ran a pass. After restart:
    const { bus, seen } = await recordingBus();
    const restarted = new OutboxRelay({ db: database.db, bus, logger });
    expect(await restarted.flush()).toBe(1);
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    const [row] = await outboxRows(database);
    expect(row).toMatchObject({ state: 'published' });
    expect(row!.published_at).toBeInstanceOf(Date);
    expect(await restarted.flush()).toBe(0);
    await bus.close();
  });

  t.test('the relay prunes inbox markers older than the redelivery window and keeps recent ones', async () => {
    await sql`insert into processed_events (consumer, event_id, processed_at) values
      ('c', ${randomUUID()}, now() - interval '9 days'), ('c', ${randomUUID()}, now() - interval '2 minutes'), ('c', ${randomUUID()}, now())`.execute(database.db);
    const { bus } = await recordingBus();
    const relay = new OutboxRelay({ db: database.db, bus, logger, pollMs: 10, keepProcessedMs: 60_000 });
    relay.start();
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from processed_events`.execute(database.db)).rows[0]?.n;
    const deadline = Date.now() + 5000;
    while ((await count()) !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await relay.stop();
    await bus.close();
    expect(await count()).toBe(1);
  });

  t.test('a failed publish stays pending with attempts and last_error, and is retried after its backoff', async () => {
    const event = await database.db.transaction().execute((trx) => enqueueEvent(trx, OrdersOrderPurchased, { aggregateId: 'o1', data: {} }));
    const deadBus = new LocalEventBus({ logger });
    await deadBus.close();
    const failing = new OutboxRelay({ db: database.db, bus: deadBus, logger, retryBaseMs: 50 });
    expect(await failing.flush()).toBe(0);
    let [row] = await outboxRows(database);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/closed/);
    const { bus, seen } = await recordingBus();
    const relay = new OutboxRelay({ db: database.db, bus, logger, retryBaseMs: 50 });
    expect(await relay.flush()).toBe(0); // still inside its backoff
    await new Promise((r) => setTimeout(r, 70));
    expect(await relay.flush()).toBe(1);
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    [row] = await outboxRows(database);
    expect(row).toMatchObject({ state: 'published', attempts: 1 });
    await bus.close();
  });

  t.test('rows are published in outbox order, including several written in one transaction', async () => {
    const first = await database.db.transaction().execute(async (trx) => [
      await enqueueEvent(trx, ListingsListingCreated, { aggregateId: 'l1', aggregateVersion: 1, data: {} }),
      await enqueueEvent(trx, ListingsListingUpdated, { aggregateId: 'l1', aggregateVersion: 2, data: {} }),
      await enqueueEvent(trx, ListingsListingPublished, { aggregateId: 'l1', aggregateVersion: 3, data: {} }),
    ]);
    const later = await database.db.transaction().execute((trx) => enqueueEvent(trx, ListingsListingClosed, { aggregateId: 'l1', aggregateVersion: 4, data: {} }));
    const { bus, seen } = await recordingBus();
    const relay = new OutboxRelay({ db: database.db, bus, logger, batch: 2 });
    expect(await relay.flush()).toBe(4);
    expect(seen.map((e) => e.id)).toEqual([...first.map((e) => e.id), later.id]);
    await bus.close();
  });

  t.test('wake() publishes at once instead of waiting for the poll; stop() waits for the running pass', async () => {
    const bus = new LocalEventBus({ logger });
    const seen: string[] = [];
    await bus.subscribe({
      consumer: 'slow',
      subjects: ['>'],
      handler: async (e) => {
        await new Promise((r) => setTimeout(r, 50));
        seen.push(e.id);
      },
    });
    const relay = new OutboxRelay({ db: database.db, bus, logger, pollMs: 60_000 });
    relay.start();
    await new Promise((r) => setTimeout(r, 20)); // the first (empty) pass is done; the loop now sleeps 60 s
    const event = await database.db.transaction().execute((trx) => enqueueEvent(trx, OrdersOrderPurchased, { aggregateId: 'o1', data: {} }));
    const woke = Date.now();
    relay.wake();
    await new Promise((r) => setTimeout(r, 20)); // the pass has started and is inside the slow handler
    await relay.stop();
    expect(seen).toEqual([event.id]);
    expect(Date.now() - woke).toBeLessThan(1000);
    const [row] = await outboxRows(database);
    expect(row).toMatchObject({ state: 'published' });
    await bus.close();
  });

  t.test('a local handler writing to the same database does not deadlock the relay', async () => {
    const bus = new LocalEventBus({ logger });
    await bus.subscribe({
      consumer: 'same-db',
      subjects: ['accounts.>'],
      handler: (e) => consumeOnce(database.db, 'same-db', e, async (trx) => void (await trx.insertInto('effects').values({ event_id: e.id, consumer: 'same-db' }).execute())).then(() => undefined),
    });
    const event = await database.db.transaction().execute((trx) => enqueueEvent(trx, AccountsUserSignedUp, { aggregateId: 'u1', data: {} }));
    const relay = new OutboxRelay({ db: database.db, bus, logger });
    expect(await relay.flush()).toBe(1);
    expect(await effectCount(database, event.id)).toBe(1);
    await bus.close();
  });

  t.test('consumeOnce: the effect and the inbox marker commit together; a second delivery has no effect', async () => {
    const event = { id: randomUUID(), type: AccountsUserSignedUp.subject, occurredAt: new Date().toISOString(), aggregateId: 'u1', aggregateVersion: 1, data: {} };
    const effect = (consumer: string) => async (trx: Transaction<TestDB>) => {
      await trx.insertInto('effects').values({ event_id: event.id, consumer }).execute();
    };
    await expect(
      consumeOnce(database.db, 'notifications-emails', event, async (trx) => {
        await effect('notifications-emails')(trx);
        throw new Error('smtp down');
      }),
    ).rejects.toThrow('smtp down');
    expect(await effectCount(database, event.id)).toBe(0); // rolled back with its marker: the retry will run it
    expect(await consumeOnce(database.db, 'notifications-emails', event, effect('notifications-emails'))).toBe(true);
    expect(await consumeOnce(database.db, 'notifications-emails', event, effect('notifications-emails'))).toBe(false);
    // Another consumer has its own marker.
    expect(await consumeOnce(database.db, 'orders-users', event, effect('orders-users'))).toBe(true);
    expect(await effectCount(database, event.id)).toBe(2);
  });

  t.test('redelivery end to end: a handler that fails after its effect committed (crash before ack) applies it once', async () => {
    const bus = new LocalEventBus({ logger, retryBaseMs: 5 });
    let deliveries = 0;
    const applied: boolean[] = [];
    await bus.subscribe({
      consumer: 'notifications-emails',
      subjects: ['accounts.user.*'],
      handler: async (e) => {
        deliveries++;
        applied.push(await consumeOnce(database.db, 'notifications-emails', e, async (trx) => void (await trx.insertInto('effects').values({ event_id: e.id, consumer: 'x' }).execute())));
        if (deliveries === 1) throw new Error('crashed before ack');
      },
    });
    const event = await database.db.transaction().execute((trx) => enqueueEvent(trx, AccountsUserSignedUp, { aggregateId: 'u1', data: {} }));
    const relay = new OutboxRelay({ db: database.db, bus, logger });
    await relay.flush();
    // And the relay publishing it again (e.g. a second replica after a lease) changes nothing either.
    await sql`update outbox set state = 'pending', published_at = null`.execute(database.db);
    await new OutboxRelay({ db: database.db, bus: new LocalEventBus({ logger }), logger }).flush();
    expect(deliveries).toBe(2);
    expect(applied).toEqual([true, false]);
    expect(await effectCount(database, event.id)).toBe(1);
    await bus.close();
  });

  if (backend.openReplica) {
    const openReplica = backend.openReplica;
    t.test('two relays (replicas) on one database publish every row exactly once', async () => {
      const ids = await database.db.transaction().execute(async (trx) => {
        const out: string[] = [];
        for (let i = 0; i < 60; i++) out.push((await enqueueEvent(trx, OrdersOrderPurchased, { aggregateId: `o${i}`, data: { i } })).id);
        return out;
      });
      const replica = await openReplica();
      try {
        const { bus, seen } = await recordingBus();
        // A small handler delay keeps both relays' passes overlapping.
        await bus.subscribe({ consumer: 'delay', subjects: ['>'], handler: () => new Promise((r) => setTimeout(r, 1)) });
        const a = new OutboxRelay({ db: database.db, bus, logger, batch: 7 });
        const b = new OutboxRelay({ db: replica.db, bus: bus.scope(), logger, batch: 7 });
        const [na, nb] = await Promise.all([a.flush(), b.flush()]);
        expect(na + nb).toBe(60);
        expect(na).toBeGreaterThan(0);
        expect(nb).toBeGreaterThan(0);
        expect(seen.map((e) => e.id).sort()).toEqual([...ids].sort());
        await bus.close();
      } finally {
        await replica.close();
      }
    });

    t.test('concurrent deliveries of one event to one consumer: exactly one applies the effect', async () => {
      const replica = await openReplica();
      try {
        const event = { id: randomUUID(), type: 'payments.intent.succeeded', occurredAt: new Date().toISOString(), aggregateId: 'p1', aggregateVersion: 1, data: {} };
        const apply = (db: Database<TestDB>) =>
          consumeOnce(db.db, 'orders-payments', event, async (trx) => {
            await trx.insertInto('effects').values({ event_id: event.id, consumer: 'orders-payments' }).execute();
            await new Promise((r) => setTimeout(r, 30));
          });
        const results = await Promise.all([apply(database), apply(replica)]);
        expect(results.sort()).toEqual([false, true]);
        expect(await effectCount(database, event.id)).toBe(1);
      } finally {
        await replica.close();
      }
    });
  }
}

describeWithServices('outbox and inbox on PGlite', [pgliteService()], (t) => {
  defineOutboxTests({ open: () => openDatabase<TestDB>({ service: 'kit_events', dataDir: ':memory:', migrations: MIGRATIONS }) }, t);
});

const schema = uniqueName('kit_events');
describeWithServices('outbox and inbox on PostgreSQL', [postgresService()], (t) => {
  const open = () => openDatabase<TestDB>({ service: 'kit_events', databaseUrl: TEST_DATABASE_URL, dataDir: '', schema, migrations: MIGRATIONS, poolSize: 4 });
  defineOutboxTests({ open, openReplica: open }, t);
  t.afterAll(async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`drop schema if exists ${schema} cascade`);
    } finally {
      await client.end();
    }
  });
});
