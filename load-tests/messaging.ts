/**
 * `npm run bench -- messaging`: the event stream under load (docs/decisions/051). The embedded app
 * (`npm start`'s one process, PGlite, no demo data) as its own process; BENCH_USERS (100) people —
 * half buyers, half suppliers — in BENCH_CONVERSATIONS (50) conversations, each holding
 * BENCH_STREAMS / BENCH_USERS tabs open on GET /api/events/stream (BENCH_STREAMS, target 2000); then
 * for BENCH_DURATION seconds (20) every conversation exchanges a message each BENCH_INTERVAL_MS
 * (1000), alternating sides.
 *
 * Prints the delivery latency from send (before the POST) to receipt on the recipient's first tab
 * (p50/p95/p99, target p95 ≤ 200 ms), messages lost or duplicated on any tab, the server
 * process's memory per open stream (RSS and heap after opening the streams, less before, over the
 * streams opened, each after a full collection), its CPU ms per delivered frame and per message, and
 * the load average. Exits non-zero when a message is lost or duplicated.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buyerSignup, supplierSignup } from '../tests/support/accounts';
import { ApiSession } from '../tests/support/http';
import { freePort } from '../tests/support/ports';
import { cookieOf, openStream, type SseStream } from '../tests/support/sse';

const root = path.resolve(__dirname, '..');
const USERS = Number(process.env.BENCH_USERS ?? 100);
const CONVERSATIONS = Math.min(Number(process.env.BENCH_CONVERSATIONS ?? 50), Math.floor(USERS / 2));
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 1000);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
/** The app's heap and RSS in MB after a full collection (it answers over IPC: load-tests/messaging-app.ts). */
function memoryMb(child: ChildProcess): Promise<{ heap: number; rss: number }> {
  return new Promise((resolve) => {
    child.once('message', (m) => {
      const { heapUsed, rss } = m as { heapUsed: number; rss: number };
      resolve({ heap: heapUsed / 1024 / 1024, rss: rss / 1024 / 1024 });
    });
    child.send('memory');
  });
}

interface Person {
  session: ApiSession;
  id: string;
  streams: SseStream[];
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caskade-bench-msg-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const people: Person[] = [];
  try {
    child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(root, 'load-tests', 'messaging-app.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000', MESSAGES_PER_MINUTE: '100000' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const pid = child.pid ?? 0;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error('the app exited');
      if (await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false)) break;
      if (i > 3000) throw new Error('the app did not start in 600 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    const tag = randomUUID().slice(0, 6);
    console.log(`messaging bench: signing up ${USERS} people (load ${load()})`);
    for (let i = 0; i < USERS; i += 10) {
      const batch = Array.from({ length: Math.min(10, USERS - i) }, (_, j) => i + j);
      people.push(
        ...(await Promise.all(
          batch.map(async (n) => {
            const s = new ApiSession(base, { origin: base });
            const supplier = n % 2 === 1;
            const res = await s.post<{ data: { id: string } }>('/api/auth/sign-up', supplier ? supplierSignup(`b${n}-${tag}@suppliers.example.com`, `Bench ${tag} ${n}`) : buyerSignup(`b${n}-${tag}@buyers.example.com`));
            if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
            return { session: s, id: res.body.data.id, streams: [] };
          }),
        )),
      );
    }
    // Conversation k: buyer 2k with supplier 2k+1.
    const conversations: Array<{ id: string; buyer: Person; supplier: Person }> = [];
    for (let k = 0; k < CONVERSATIONS; k++) {
      const buyer = people[2 * k] as Person;
      const supplier = people[2 * k + 1] as Person;
      const res = await buyer.session.post<{ data: { conversation: { id: string } } }>('/api/messages/conversations', { otherUserId: supplier.id });
      if (res.status !== 201) throw new Error(`open conversation answered ${res.status}`);
      conversations.push({ id: res.body.data.conversation.id, buyer, supplier });
    }

    await new Promise((r) => setTimeout(r, 2000));
    const before = await memoryMb(child);
    const perPerson = Math.max(1, Math.floor(STREAMS / people.length));
    console.log(`messaging bench: opening ${perPerson * people.length} event streams (${perPerson} tabs each) (load ${load()})`);
    const received = new Map<string, number>();
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let frames = 0;
    // Opened 25 at a time; one the gateway ends before it is ready is opened again (as a browser would).
    const openTab = async (p: Person, first: boolean): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        try {
          await openOne(p, first);
          return;
        } catch (err) {
          if (attempt >= 5) throw err;
          await new Promise((r) => setTimeout(r, 500 * attempt));
        }
      }
    };
    const openOne = async (p: Person, first: boolean): Promise<void> => {
      const stream = await openStream(base, cookieOf(p.session), undefined, (f) => {
        if (f.event !== 'message') return;
        frames++;
        const data = JSON.parse(f.data) as { message: { content: string; senderId: string } };
        const nonce = data.message.content;
        const key = `${p.id}|${p.streams.indexOf(stream)}|${nonce}`;
        received.set(key, (received.get(key) ?? 0) + 1);
        if (first && data.message.senderId !== p.id) {
          const at = sentAt.get(nonce);
          if (at !== undefined) latencies.push(performance.now() - at);
        }
      });
      await stream.next((f) => f.event === 'ready', 60_000).catch((err: unknown) => {
        stream.close();
        throw err;
      });
      p.streams.push(stream);
    };
    const jobs = Array.from({ length: perPerson }, (_, tab) => people.map((p) => ({ p, first: tab === 0 }))).flat();
    for (let i = 0; i < jobs.length; i += 25) await Promise.all(jobs.slice(i, i + 25).map((j) => openTab(j.p, j.first)));
    const open = people.reduce((n, p) => n + p.streams.length, 0);
    await new Promise((r) => setTimeout(r, 3000));
    const after = await memoryMb(child);
    console.log(`messaging bench: ${open} streams open; sending for ${DURATION_S} s, one message per conversation every ${INTERVAL_MS} ms (load ${load()})`);

    const cpuBefore = cpuMs(pid);
    const loadBefore = load();
    const deadline = performance.now() + DURATION_S * 1000;
    const sent: Array<{ nonce: string; from: Person; to: Person }> = [];
    let errors = 0;
    await Promise.all(
      conversations.map(async (c, k) => {
        await new Promise((r) => setTimeout(r, (k * INTERVAL_MS) / conversations.length));
        for (let turn = 0; performance.now() < deadline; turn++) {
          const from = turn % 2 === 0 ? c.buyer : c.supplier;
          const to = turn % 2 === 0 ? c.supplier : c.buyer;
          const nonce = `bench ${k}-${turn}-${randomUUID().slice(0, 8)}`;
          sentAt.set(nonce, performance.now());
          const started = performance.now();
          const res = await from.session.post('/api/messages', { conversationId: c.id, content: nonce });
          if (res.status === 201) sent.push({ nonce, from, to });
          else errors++;
          await new Promise((r) => setTimeout(r, Math.max(0, INTERVAL_MS - (performance.now() - started))));
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 3000));
    const cpu = cpuMs(pid) - cpuBefore;
    let lost = 0;
    let duplicated = 0;
    for (const s of sent) {
      for (const p of [s.from, s.to]) {
        for (let i = 0; i < p.streams.length; i++) {
          const n = received.get(`${p.id}|${i}|${s.nonce}`) ?? 0;
          if (n === 0) lost++;
          if (n > 1) duplicated++;
        }
      }
    }
    latencies.sort((a, b) => a - b);
    const r1 = (n: number) => Math.round(n * 10) / 10;
    console.log(
      JSON.stringify(
        {
          scenario: 'messaging',
          streams: open,
          conversations: conversations.length,
          messagesSent: sent.length,
          sendErrors: errors,
          framesDelivered: frames,
          latencyMs: { p50: r1(pct(latencies, 50)), p95: r1(pct(latencies, 95)), p99: r1(pct(latencies, 99)), max: r1(latencies.at(-1) ?? 0), samples: latencies.length },
          lostDeliveries: lost,
          duplicatedDeliveries: duplicated,
          memoryPerStreamKb: { heap: r1(((after.heap - before.heap) * 1024) / open), rss: r1(((after.rss - before.rss) * 1024) / open) },
          serverCpuMsPerFrame: r1(cpu / Math.max(1, frames)),
          serverCpuMsPerMessage: r1(cpu / Math.max(1, sent.length)),
          loadAverage: { before: loadBefore, after: load() },
          node: process.version,
        },
        null,
        2,
      ),
    );
    if (lost > 0 || duplicated > 0 || errors > 0) process.exitCode = 1;
  } finally {
    for (const p of people) for (const s of p.streams) s.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 5000));
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
