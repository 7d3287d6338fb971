import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { openDatabase, type Database } from '../db/database';
import { LocalEventBus } from '../events/local-bus';
import { NatsEventBus } from '../events/nats-bus';
import { describeWithServices, natsService, TEST_NATS_URL, uniqueName } from '../testing/services';
import { enqueueEvent, OUTBOX_MIGRATION, OutboxRelay, publishTraced } from '../events/outbox';
import { defineEvent, type EventCodec } from '../events/typed';
import { createLogger } from '../logger';
import { activeTraceFields, currentTraceparent, inSpan, shutdownTracing } from './trace-context';
import { defaultServiceName, startTracing, tracingRequested } from './tracing';

const json: EventCodec<Record<string, unknown>> = { fromJSON: (o) => o as Record<string, unknown>, toJSON: (m) => m };
const SignedUp = defineEvent('tracetest.user.signed_up', json);

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

const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;

describe('tracing configuration', () => {
  test('is requested by an OTLP endpoint only, and can be switched off', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });

  test('names the service from SERVICE or the entry file', () => {
    expect(defaultServiceName({ SERVICE: 'catalog' }, '/app/dist/catalog.cjs')).toBe('catalog');
    expect(defaultServiceName({}, '/app/dist/orders.cjs')).toBe('orders');
    expect(defaultServiceName({}, '/repo/services/identity/src/main.ts')).toBe('identity');
    expect(defaultServiceName({}, '/repo/gateway/src/main.ts')).toBe('gateway');
    expect(defaultServiceName({}, '/repo/scripts/run-embedded.ts')).toBe('caskade');
  });
});

describe('every process starts tracing before express, pg, ioredis and grpc-js load', () => {
  const root = path.resolve(__dirname, '..', '..', '..', '..');
  const entries = [
    ...readdirSync(path.join(root, 'services'))
      .map((d) => path.join('services', d, 'src', 'main.ts'))
      .filter((f) => existsSync(path.join(root, f))),
    'gateway/src/main.ts',
    'scripts/embedded.ts',
    'tests/support/traced-embedded.ts',
  ];

  test.each(entries)('%s imports @caskade/kit before any other package or module of its own', (entry) => {
    const specifiers = [...readFileSync(path.join(root, entry), 'utf8').matchAll(/^import\s[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)].map((m) => m[1] ?? m[2] ?? '');
    const first = specifiers.find((s) => !s.startsWith('node:'));
    expect(first).toBe('@caskade/kit');
  });

  test('the kit index starts tracing in its first statement', () => {
    const index = readFileSync(path.join(__dirname, '..', 'index.ts'), 'utf8');
    expect(index.split('\n').find((l) => /^(import|export)\s/.test(l))).toBe("import './telemetry/register';");
  });
});

describe('an event continues the trace of the request that wrote it', () => {
  let database: Database<Record<string, never>>;
  const exporter = new InMemorySpanExporter();

  beforeAll(async () => {
    database = await openDatabase<Record<string, never>>({ service: 'tracetest', dataDir: ':memory:', migrations: [OUTBOX_MIGRATION], logger: createLogger('tracetest', 'silent') });
  }, 60_000);
  afterAll(async () => {
    await shutdownTracing();
    await database?.close();
  });

  test('with tracing off nothing is recorded and no traceparent is written', async () => {
    const event = await inSpan('request', {}, () => database.db.transaction().execute((trx) => enqueueEvent(trx, SignedUp, { aggregateId: 'u0', data: {} })));
    expect(event.traceparent).toBeUndefined();
    expect(currentTraceparent()).toBeUndefined();
    expect(activeTraceFields()).toEqual({});
    await sql`delete from outbox`.execute(database.db);
  });

  test('request → outbox → local bus → consumer: one trace, each span the child of the one before; log lines carry traceId', async () => {
    expect(startTracing({ serviceName: 'tracetest', exporter })).not.toBeNull();
    const { lines, stream } = capture();
    const logger = createLogger('notifications', 'info', stream);
    const bus = new LocalEventBus({ logger: createLogger('bus', 'silent') });
    const handled: Array<{ traceparent: string | undefined; active: { traceId?: string; spanId?: string } }> = [];
    await bus.subscribe({
      consumer: 'tracetest-emails',
      subjects: ['tracetest.>'],
      handler: async (e) => {
        handled.push({ traceparent: e.traceparent, active: activeTraceFields() });
        logger.info({ eventId: e.id }, 'email queued');
      },
    });
    const relay = new OutboxRelay({ db: database.db, bus, logger: createLogger('relay', 'silent') });

    const event = await inSpan('POST /api/auth/sign-up', { kind: SpanKind.SERVER }, () =>
      database.db.transaction().execute((trx) => enqueueEvent(trx, SignedUp, { aggregateId: 'u1', data: { email: 'mia@example.com' } })),
    );
    // The relay runs later, outside any request: the stored traceparent is what links it.
    expect(trace.getSpan(context.active())).toBeUndefined();
    await relay.flush();

    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => {
      const found = spans.filter((s) => s.name === name);
      expect(found).toHaveLength(1);
      return found[0] as ReadableSpan;
    };
    const request = byName('POST /api/auth/sign-up');
    const enqueue = byName('tracetest.user.signed_up enqueue');
    const publish = byName('tracetest.user.signed_up publish');
    const processSpan = byName('tracetest.user.signed_up process');
    const traceId = request.spanContext().traceId;
    expect([enqueue, publish, processSpan].map((s) => s.spanContext().traceId)).toEqual([traceId, traceId, traceId]);
    expect(parentOf(enqueue)).toBe(request.spanContext().spanId);
    expect(parentOf(publish)).toBe(enqueue.spanContext().spanId);
    expect(parentOf(processSpan)).toBe(publish.spanContext().spanId);
    expect([publish.kind, processSpan.kind]).toEqual([SpanKind.PRODUCER, SpanKind.CONSUMER]);
    expect(processSpan.resource.attributes['service.name']).toBe('tracetest');
    expect(processSpan.attributes).toMatchObject({ 'messaging.system': 'local', 'messaging.consumer.group.name': 'tracetest-emails', 'messaging.message.id': event.id });
    expect(event.traceparent).toBe(`00-${traceId}-${enqueue.spanContext().spanId}-01`);
    // The consumer got the producer's traceparent on the envelope, and ran inside its own span.
    expect(handled).toEqual([{ traceparent: `00-${traceId}-${publish.spanContext().spanId}-01`, active: { traceId, spanId: processSpan.spanContext().spanId } }]);
    await new Promise((r) => setImmediate(r));
    expect(lines.find((l) => l.msg === 'email queued')).toMatchObject({ requestId: event.id, traceId, spanId: processSpan.spanContext().spanId });
    await relay.stop();
    await bus.close();
  });

  test('a failing handler marks its span as an error', async () => {
    exporter.reset();
    const bus = new LocalEventBus({ logger: createLogger('bus', 'silent'), retryBaseMs: 1, retryMaxMs: 1 });
    await bus.subscribe({ consumer: 'tracetest-fails', subjects: ['tracetest.>'], maxDeliver: 2, handler: () => Promise.reject(new Error('smtp down')) });
    await bus.publish({ id: '6f9619ff-8b86-4d01-b42d-00cf4fc964ff', type: SignedUp.subject, occurredAt: new Date().toISOString(), aggregateId: 'u2', aggregateVersion: 0, data: {} });
    const failed = exporter.getFinishedSpans().filter((s) => s.name === 'tracetest.user.signed_up process');
    expect(failed.map((s) => [s.status.code, s.status.message, s.attributes['messaging.delivery.count']])).toEqual([
      [2, 'smtp down', 1],
      [2, 'smtp down', 2],
    ]);
    await bus.close();
  });
});

// Runs after the suites above, with the provider they started (jest runs describe blocks in order).
const run = uniqueName('tr').toLowerCase();
describeWithServices('the NATS bus continues the trace too', [natsService()], (t) => {
  const exporter = new InMemorySpanExporter();
  let bus: NatsEventBus;
  t.beforeAll(async () => {
    startTracing({ serviceName: 'tracetest', exporter });
    bus = await NatsEventBus.connect({ url: TEST_NATS_URL, logger: createLogger('bus', 'silent'), name: 'trace-test', stream: { name: `TRACE_${run}`.toUpperCase(), subjects: [`${run}.>`] }, deadLetter: { stream: `TRACE_DLQ_${run}`.toUpperCase(), prefix: `${run}_dl` }, maxAgeMs: 60 * 60_000 });
  });
  t.afterAll(async () => {
    await bus?.close();
  });

  t.test('publish on JetStream → consumer: the consumer span is the producer span’s child, in the trace the event was written in', async () => {
    const seen: Array<{ traceId?: string; spanId?: string }> = [];
    const done = new Promise<void>((resolve) => {
      void bus.subscribe({ consumer: `trace-test-${run}`, subjects: [`${run}.>`], handler: async () => void (seen.push(activeTraceFields()), resolve()) });
    });
    const writer = '0af7651916cd43dd8448eb211c80319c';
    const event = { id: '9f3c2a1e-5b7d-4c8e-9a0b-1c2d3e4f5a6b', type: `${run}.user.signed_up`, occurredAt: new Date().toISOString(), aggregateId: 'u9', aggregateVersion: 0, traceparent: `00-${writer}-b7ad6b7169203331-01`, data: {} };
    await publishTraced(bus, event);
    await done;
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === writer);
    await new Promise((r) => setTimeout(r, 50));
    const all = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === writer);
    const publish = all.find((s) => s.name === `${run}.user.signed_up publish`);
    const consume = all.find((s) => s.name === `${run}.user.signed_up process`);
    expect(spans.length).toBeGreaterThan(0);
    expect(publish?.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(publish?.attributes['messaging.system']).toBe('nats');
    expect(consume?.parentSpanContext?.spanId).toBe(publish?.spanContext().spanId);
    expect(consume?.attributes).toMatchObject({ 'messaging.system': 'nats', 'messaging.delivery.count': 1 });
    expect(seen).toEqual([{ traceId: writer, spanId: consume?.spanContext().spanId }]);
  });
});
