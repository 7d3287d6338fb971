import { Writable } from 'node:stream';
import { LocalEventBus } from './events/local-bus';
import { createLogger, withRequestId } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('logs', () => {
  test('every line is JSON with the level by name, the service, and the request it serves', async () => {
    const { lines, stream } = capture();
    const logger = createLogger('orders', 'debug', stream);
    logger.warn({ upstream: 'catalog' }, 'upstream call failed');
    withRequestId('req-1', () => logger.info('inside a request'));
    logger.info({ password: 'hunter2', token: 't' }, 'secrets');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.level, l.service, l.requestId, l.msg])).toEqual([
      ['warn', 'orders', undefined, 'upstream call failed'],
      ['info', 'orders', 'req-1', 'inside a request'],
      ['info', 'orders', undefined, 'secrets'],
    ]);
    expect(lines[2]).toMatchObject({ password: '[redacted]', token: '[redacted]' });
  });

  test('an event consumer’s lines carry the event id as their requestId', async () => {
    const { lines, stream } = capture();
    const logger = createLogger('notifications', 'info', stream);
    const bus = new LocalEventBus({ logger: createLogger('bus', 'silent') });
    const handled = new Promise<string>((resolve) => {
      void bus.subscribe({
        consumer: 'log-test',
        subjects: ['logtest.>'],
        handler: async (e) => {
          logger.info('handling');
          resolve(e.id);
        },
      });
    });
    await new Promise((r) => setImmediate(r));
    await bus.publish({ id: '8d3f0b1e-2f7a-4a52-9a53-0a5c0f6a1b2c', type: 'logtest.thing.done', occurredAt: new Date().toISOString(), aggregateId: 'a', aggregateVersion: 0, data: {} });
    expect(await handled).toBe('8d3f0b1e-2f7a-4a52-9a53-0a5c0f6a1b2c');
    await bus.close();
    expect(lines.find((l) => l.msg === 'handling')).toMatchObject({ level: 'info', requestId: '8d3f0b1e-2f7a-4a52-9a53-0a5c0f6a1b2c' });
  });
});
