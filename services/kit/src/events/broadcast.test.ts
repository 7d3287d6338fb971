import { randomUUID } from 'node:crypto';
import net from 'node:net';
import pino from 'pino';
import { connect } from '@nats-io/transport-node';
import { describeWithServices, natsService, TEST_NATS_URL, uniqueName } from '../testing/services';
import { natsBroadcast, type EventBroadcast } from './broadcast';
import type { EventEnvelope } from './types';

const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });
const run = uniqueName('b').toLowerCase();

/** A TCP proxy to the shared NATS server whose connections the test can cut (the server itself keeps running). */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let accepting = true;
  const server = net.createServer((client) => {
    if (!accepting) return void client.destroy();
    const upstream = net.connect(Number(target.port || 4222), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `nats://127.0.0.1:${port}`,
    cut(reject: boolean) {
      accepting = !reject;
      for (const s of sockets) s.destroy();
    },
    async close() {
      this.cut(true);
      await new Promise((r) => server.close(r));
    },
  };
}

async function until(predicate: () => boolean, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeWithServices('natsBroadcast on a real NATS server', [natsService()], (t) => {
  t.test('delivers to a subscriber as soon as subscribe() returns, and reports losing and regaining the connection', async () => {
    const proxy = await cuttableProxy(new URL(TEST_NATS_URL));
    let broadcast: EventBroadcast | null = null;
    const publisher = await connect({ servers: TEST_NATS_URL });
    try {
      broadcast = await natsBroadcast(proxy.url, logger, `broadcast-test-${run}`);
      const heard: boolean[] = [];
      broadcast.onConnectionChange?.((h) => heard.push(h));
      const got: EventEnvelope[] = [];
      const subject = `${run}.listing.changed`;
      await broadcast.subscribe([subject], (e) => got.push(e));
      const envelope = (): EventEnvelope => ({ id: randomUUID(), type: subject, occurredAt: new Date().toISOString(), aggregateId: 'l1', aggregateVersion: 1, data: {} });
      // Published right after subscribe() returned, by another connection: not missed.
      const first = envelope();
      publisher.publish(subject, JSON.stringify(first));
      await until(() => got.length === 1);
      expect(got.map((e) => e.id)).toEqual([first.id]);

      // The connection is cut and refused for a while: told false; once it reconnects, told true, and messages flow again.
      proxy.cut(true);
      await until(() => heard.includes(false));
      proxy.cut(false);
      await until(() => heard.at(-1) === true);
      // Each failed attempt while refused may report another loss: first lost, last regained.
      expect([heard[0], heard.at(-1)]).toEqual([false, true]);
      // The subscription is back once the server has it: one event after the reconnection arrives.
      const after = envelope();
      await until(() => {
        publisher.publish(subject, JSON.stringify(after));
        return got.some((e) => e.id === after.id);
      });
      expect(got.filter((e) => e.id !== after.id).map((e) => e.id)).toEqual([first.id]);
    } finally {
      await broadcast?.close();
      await publisher.close();
      await proxy.close();
    }
  }, 30_000);
});
