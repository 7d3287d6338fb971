/**
 * A service starts without NATS (ADR 030): events wait in the outbox, consumers wait for the bus,
 * and once a NATS server comes up every event is delivered exactly once. A NATS server of the
 * test's own (Debian's nats-server binary, on a free port) is started late, so the shared one is
 * never stopped under other suites.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { describeWithServices, pgliteService, requireService } from '../testing/services';
import { DeferredEventBus } from './deferred-bus';
import { NatsEventBus } from './nats-bus';
import { enqueueEvent, OUTBOX_MIGRATION, OutboxRelay } from './outbox';
import { defineEvent, type EventCodec } from './typed';
import type { EventEnvelope } from './types';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const natsBinary = requireService('nats-server binary', NATS_SERVER, async () => {
  if (!existsSync(NATS_SERVER)) throw new Error('not installed (apt-get install nats-server)');
});
const logger = pino({ level: 'silent' });
const json: EventCodec<Record<string, unknown>> = { fromJSON: (o) => o as Record<string, unknown>, toJSON: (m) => m };
const Held = defineEvent('heldtest.thing.happened', json);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} not within ${timeoutMs} ms`);
}

describeWithServices('a service without NATS at start', [pgliteService(), natsBinary], ({ beforeAll, afterAll, test }) => {
  let database: Database<Record<string, never>>;
  let server: ChildProcess | null = null;
  const storeDir = mkdtempSync(path.join(tmpdir(), 'caskade-nats-'));

  beforeAll(async () => {
    database = await openDatabase({ service: 'deferred_test', dataDir: ':memory:', migrations: [OUTBOX_MIGRATION] });
  }, 30_000);
  afterAll(async () => {
    await database.close();
    server?.kill('SIGKILL');
    rmSync(storeDir, { recursive: true, force: true });
  });

  test('holds events in the outbox until NATS comes up, then delivers each exactly once', async () => {
    const port = await freePort();
    const bus = new DeferredEventBus({
      logger,
      retryBaseMs: 100,
      retryMaxMs: 200,
      connect: () => NatsEventBus.connect({ url: `nats://127.0.0.1:${port}`, logger, stream: { name: 'HELDTEST', subjects: ['heldtest.>'] }, deadLetter: { stream: 'HELDTEST_DLQ', prefix: 'heldtestdlq' } }),
    });
    const received: EventEnvelope[] = [];
    // The service subscribes and serves at once, with no broker anywhere.
    await bus.subscribe({ consumer: 'heldtest-consumer', subjects: ['heldtest.>'], handler: async (e) => void received.push(e) });
    const relay = new OutboxRelay({ db: database.db, bus, logger, pollMs: 50 });
    relay.start();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await database.db.transaction().execute((trx) => enqueueEvent(trx, Held, { aggregateId: `a${i}`, data: { n: i } }))).id);
    relay.wake();
    await new Promise((r) => setTimeout(r, 400));
    expect(bus.connected).toBe(false);
    const held = await sql<{ state: string; attempts: number }>`select state, attempts from outbox order by seq`.execute(database.db);
    // Not the events' fault: they wait, no attempt counted, no backoff grown.
    expect(held.rows).toEqual(ids.map(() => ({ state: 'pending', attempts: 0 })));

    server = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
    await waitFor('the bus to connect', () => bus.connected);
    await waitFor('every held event delivered', () => received.length >= 3);
    await new Promise((r) => setTimeout(r, 300)); // a duplicate would arrive by now
    expect(received.map((e) => e.id).sort()).toEqual([...ids].sort());
    const published = await sql<{ state: string }>`select state from outbox`.execute(database.db);
    expect(published.rows.map((r) => r.state)).toEqual(['published', 'published', 'published']);
    await relay.stop();
    await bus.close();
  }, 60_000);
});
