import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { systemContext } from '../context';
import { createEventBus } from '../events/bus';
import { DeferredEventBus } from '../events/deferred-bus';
import { EVENTS_STREAM, NatsEventBus } from '../events/nats-bus';
import { describeWithServices, natsService, TEST_NATS_URL, uniqueName } from '../testing/services';
import { SessionsRevoked } from '../auth/revocation';
import type { EventBus } from '../events/types';
import { startServiceRuntime, type ServiceRuntime } from './runtime';

const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });
type DB = Record<string, never>;

const callerCtx = (userId: string, sessionVersion: number) => ({ ...systemContext(), caller: { userId, role: 'buyer' as const, scopes: [], sessionVersion } });

async function sessionRows(replica: ServiceRuntime<DB>, userId: string): Promise<number> {
  const { sql } = await import('kysely');
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from session_revocations where user_id = ${userId}`.execute(replica.db);
  return rows[0]?.n ?? -1;
}

describeWithServices('session revocations pushed to every replica of a service (docs/decisions/075)', [natsService()], (t) => {
  t.test('two replicas, each with its own table: both refuse the revoked session, though only one of them received the durable event', async () => {
    // One service name for both replicas: they share the durable consumer, so NATS gives the event to one of them.
    const name = uniqueName('revfan').toLowerCase();
    const buses: EventBus[] = [];
    const replicas: Array<ServiceRuntime<DB>> = [];
    try {
      for (let i = 0; i < 2; i++) {
        const bus = await createEventBus({ natsUrl: TEST_NATS_URL, logger, name: `${name}-${i}` });
        buses.push(bus);
        if (bus instanceof DeferredEventBus) await bus.ready();
        replicas.push(await startServiceRuntime<DB>({
          name, env: { DATA_DIR: ':memory:', GRPC_PORT: 0, DATABASE_URL: undefined }, bus, logger, migrations: [], build: () => ({ bindings: [] }),
        }));
      }
      const userId = randomUUID();
      for (const r of replicas) await expect(r.guard.check(callerCtx(userId, 0))).resolves.toBeUndefined();
      const publisher = buses[0];
      if (!publisher) throw new Error('no bus');
      // The fan-out subscribes in the background, on its own connection: give it a moment, then publish ONE event.
      await new Promise((r) => setTimeout(r, 3000));
      await publisher.publish({
        id: randomUUID(), type: SessionsRevoked.subject, occurredAt: new Date().toISOString(), aggregateId: userId, aggregateVersion: 1,
        data: SessionsRevoked.encode({ userId, sessionVersion: 1, status: 'active' }),
      });
      const deadline = Date.now() + 10_000;
      let refused = [false, false];
      while (Date.now() < deadline && refused.some((r) => !r)) {
        await new Promise((r) => setTimeout(r, 100));
        refused = await Promise.all(replicas.map((r) => r.guard.check(callerCtx(userId, 0)).then(() => false, () => true)));
      }
      expect(refused).toEqual([true, true]);
      for (const r of replicas) {
        await expect(r.guard.check(callerCtx(userId, 0))).rejects.toMatchObject({ code: 'auth-unauthenticated', meta: { reason: 'session-revoked' } });
        await expect(r.guard.check(callerCtx(userId, 1))).resolves.toBeUndefined();
      }
      // The durable event reached one replica's table; the other refuses from the push alone.
      await new Promise((r) => setTimeout(r, 500));
      const rows = await Promise.all(replicas.map((r) => sessionRows(r, userId)));
      expect(rows.sort()).toEqual([0, 1]);
    } finally {
      for (const r of replicas) await r.stop();
      for (const b of buses) await b.close();
      // The durable consumer filters a real subject: left behind, it would keep collecting every revocation on this server.
      const nc = await connect({ servers: TEST_NATS_URL });
      try {
        const jsm = await jetstreamManager(nc);
        for (const durable of NatsEventBus.durableNames({ consumer: `${name}-session-revocations`, subjects: [SessionsRevoked.subject] })) {
          await jsm.consumers.delete(EVENTS_STREAM, durable).catch(() => undefined);
        }
      } finally {
        await nc.close();
      }
    }
  }, 60_000);
});
