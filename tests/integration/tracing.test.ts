/**
 * One sign-up is one trace (ADR 054): the embedded app runs in a child process loaded as `npm start`
 * loads it, with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP/HTTP receiver, so the real
 * instrumentations (http, express, grpc) patch the real modules and the real exporter sends
 * protobuf. The verification email's delivery span is followed parent by parent up to the root:
 * gateway HTTP request → gRPC call to identity → identity's handler → outbox → local bus → the
 * notifications consumer → email send, one trace id; the consumer's log line carries that trace id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buyerSignup } from '../support/accounts';
import { ApiSession } from '../support/http';
import { ancestry, eventually, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { freePort } from '../support/ports';

const repoRoot = path.resolve(__dirname, '..', '..');
const KIND = { server: 2, client: 3, producer: 4, consumer: 5 } as const;

let receiver: OtlpReceiver;
let child: ChildProcess;
let url = '';
let dataDir = '';
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  dataDir = mkdtempSync(path.join(tmpdir(), 'caskade-traced-'));
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'tests', 'support', 'traced-embedded.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      // Export each batch soon after its spans end (the default waits 5 s).
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the traced embedded app did not start within 240 s')), 240_000);
    child.once('exit', (code) => reject(new Error(`the traced embedded app exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      logLines.push(parsed);
      if (typeof parsed.ready === 'string') {
        clearTimeout(timer);
        resolve(parsed.ready);
      }
    });
  });
}, 270_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await receiver?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('tracing', () => {
  it('shows one sign-up as one trace: gateway → identity → outbox → bus → notifications → email', async () => {
    const email = 'traced@example.com';
    const res = await new ApiSession(url).post('/api/auth/sign-up', buyerSignup(email));
    expect(res.status).toBe(201);

    const emailSpan = await eventually('the verification email send span', () =>
      receiver.spans.find((s) => s.name === 'email send' && s.attributes['caskade.email.kind'] === 'verify-email'),
    );
    // Batches of a trace may arrive in any order: wait until the whole chain up to its root is in.
    const path = await eventually('the chain of parents up to the root', () => {
      try {
        return ancestry(receiver.spans, emailSpan);
      } catch {
        return undefined;
      }
    });
    const describe = (s: ReceivedSpan) => `${s.kind}:${s.name}`;
    const names = path.map(describe);

    // Every span of the chain in the one trace, the root being the gateway's HTTP request.
    expect(new Set(path.map((s) => s.traceId)).size).toBe(1);
    const root = path[0] as ReceivedSpan;
    expect(root.kind).toBe(KIND.server);
    expect(root.parentSpanId).toBe('');
    expect(root.attributes['http.route'] ?? root.attributes['url.path'] ?? root.attributes['http.target']).toBe('/api/auth/sign-up');
    expect(root.service).toBe('caskade');

    // In this order along the chain (other spans — express routers, nested calls — may sit between).
    const expected: Array<(s: ReceivedSpan) => boolean> = [
      (s) => s.kind === KIND.client && /identity/i.test(s.name) && /SignUp/i.test(s.name),
      (s) => s.kind === KIND.server && /identity/i.test(s.name) && /SignUp/i.test(s.name),
      (s) => s.name === 'identity.user.verification_requested enqueue',
      (s) => s.kind === KIND.producer && s.name === 'identity.user.verification_requested publish' && s.attributes['messaging.system'] === 'local',
      (s) => s.kind === KIND.consumer && s.name === 'identity.user.verification_requested process' && String(s.attributes['messaging.consumer.group.name']).startsWith('notifications'),
      (s) => s.kind === KIND.client && s.name === 'email send',
    ];
    let at = 0;
    for (const [i, matches] of expected.entries()) {
      const found = path.findIndex((s, j) => j >= at && matches(s));
      if (found < 0) throw new Error(`step ${i + 1} of the expected chain is missing after position ${at}: ${names.join(' → ')}`);
      at = found + 1;
    }
    expect(path.at(-1)).toBe(emailSpan);

    // The consumer's log line (the email queued) carries the trace id of the request and the event id as requestId.
    const consumerSpan = path.find((s) => s.kind === KIND.consumer) as ReceivedSpan;
    const queued = await eventually('the consumer log line', () => logLines.find((l) => l.msg === 'email queued' && l.eventId === consumerSpan.attributes['messaging.message.id']));
    expect(queued).toMatchObject({ traceId: root.traceId, spanId: consumerSpan.spanId, requestId: consumerSpan.attributes['messaging.message.id'] });
    // So does the gateway's line for the request, whatever it logs, when it logs one inside the span.
    const inTrace = logLines.filter((l) => l.traceId === root.traceId);
    expect(inTrace.length).toBeGreaterThan(0);
  }, 60_000);
});
