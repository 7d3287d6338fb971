/**
 * What tracing costs (ADR 054): `npx tsx load-tests/tracing.ts`. Two embedded apps side by side on
 * fresh data (no demo seed), one with tracing off and one exporting OTLP http/protobuf to a local
 * sink; the same autocannon runs against each in turn (off, on, off, on), BENCH_REQUESTS (3000)
 * requests at BENCH_CONNECTIONS (10), after BENCH_WARMUP (1000) sequential ones, over API reads that cross the gateway, a gRPC call and a
 * service's database (a search and the brand cards). Prints req/s, p50/p99 and the app process's
 * CPU ms per request for each run, and the load average: on a shared machine CPU per request is the
 * figure to compare.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { freePort } from '../tests/support/ports';

const root = path.resolve(__dirname, '..');
const amount = Number(process.env.BENCH_REQUESTS ?? 3000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 1000);
const PATHS = ['/api/listings?keywords=saison', '/api/brands?view=card', '/api/listings?sort=-price'];
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface App {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

async function startApp(extraEnv: Record<string, string>): Promise<App> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caskade-bench-tracing-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests', 'support', 'traced-embedded.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000', ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line.startsWith('{"ready"')) resolve((JSON.parse(line) as { ready: string }).ready);
    });
  });
  return { url, child, dataDir };
}

interface Row {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  load: string;
  errors: number;
}

async function measure(label: string, app: App): Promise<Row> {
  let next = 0;
  const loadBefore = load();
  const pid = app.child.pid ?? 0;
  const cpuBefore = cpuMs(pid);
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url: app.url, connections, amount, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: PATHS[next++ % PATHS.length] ?? '/api/listings' }) }] },
      (err, out) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(out)),
    );
  });
  const seconds = (Date.now() - started) / 1000;
  const row: Row = {
    label,
    rps: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: Math.round(((cpuMs(pid) - cpuBefore) / Math.max(result.requests.total, 1)) * 100) / 100,
    load: `${loadBefore} → ${load()}`,
    errors: result.errors + result.non2xx,
  };
  console.log(`${label}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, CPU ${row.cpuMsPerRequest} ms/request, ${row.errors} errors/non-2xx; load ${row.load}`);
  return row;
}

async function main(): Promise<void> {
  let exportedBytes = 0;
  let exports = 0;
  const sink = createServer((req, res) => {
    req.on('data', (c: Buffer) => (exportedBytes += c.length));
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const address = sink.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  console.log(`load average ${load()}; starting two embedded apps (tracing off, tracing on → ${endpoint})…`);
  const apps: App[] = [];
  try {
    const [off, on] = await Promise.all([startApp({}), startApp({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })]);
    apps.push(off, on);
    for (const app of apps) for (let i = 0; i < warmup; i++) await (await fetch(`${app.url}${PATHS[i % PATHS.length] ?? ''}`)).arrayBuffer();
    const rows: Row[] = [];
    for (let round = 1; round <= 2; round++) {
      rows.push(await measure(`off #${round}`, off));
      rows.push(await measure(`on  #${round}`, on));
    }
    const mean = (label: string, key: 'cpuMsPerRequest' | 'rps') => rows.filter((r) => r.label.startsWith(label)).reduce((n, r) => n + r[key], 0) / 2;
    const cpuOff = mean('off', 'cpuMsPerRequest');
    const cpuOn = mean('on', 'cpuMsPerRequest');
    console.log(
      `tracing on vs off: CPU ${cpuOn.toFixed(2)} vs ${cpuOff.toFixed(2)} ms/request (${(((cpuOn - cpuOff) / cpuOff) * 100).toFixed(0)}%), ` +
        `${Math.round(mean('on', 'rps'))} vs ${Math.round(mean('off', 'rps'))} req/s; ${exports} OTLP exports, ${(exportedBytes / 1024).toFixed(0)} KiB`,
    );
    console.log(JSON.stringify({ scenario: 'tracing', amount, connections, rows }));
  } finally {
    for (const app of apps) {
      const exited = new Promise((r) => app.child.once('exit', r));
      app.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (app.child.exitCode === null) app.child.kill('SIGKILL');
      rmSync(app.dataDir, { recursive: true, force: true });
    }
    sink.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
