/**
 * `npm run bench -- embedded`: the embedded default as `npm start` runs it (one process, every
 * service on PGlite, the demo catalog seeded; NODE_ENV as the bench is run with: run it with
 * NODE_ENV=production), at BENCH_CONNECTIONS (10) for BENCH_DURATION seconds (20) each:
 *
 * - listing: GET /api/listings/{id} over the demo's published listings (each read counts a page
 *   view). Target ≥ 2,000 req/s.
 * - search: GET /api/listings over category, keyword, sort and page queries. Target ≥ 500 req/s.
 *
 * Prints req/s, p50/p95/p99, the process's CPU ms per request and the load average; exits non-zero
 * on any error or non-2xx answer. Settings: BENCH_DURATION, BENCH_CONNECTIONS, BENCH_CPU_PROF, RESPONSE_CACHE_MS
 * (passed to the app: 0 measures without the gateway's response cache, docs/decisions/064).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../tests/support/ports';

const root = path.resolve(__dirname, '..');
const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const nodeEnv = process.env.NODE_ENV ?? 'development';
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const percentile = (sorted: number[], p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0) * 100) / 100;

/** CPU time (user + system) of a process so far, in ms (USER_HZ 100). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(name: string, base: string, paths: string[], pid: number): Promise<{ ok: boolean; summary: Record<string, unknown> }> {
  let next = 0;
  const latencies: number[] = [];
  const loadBefore = load();
  const cpuBefore = cpuMs(pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, duration, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] ?? '/api/listings' }) }] },
      (err, out) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(out)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const cpuPerRequest = Math.round(((cpuMs(pid) - cpuBefore) / Math.max(result.requests.total, 1)) * 100) / 100;
  latencies.sort((a, b) => a - b);
  const summary = {
    name, requests: result.requests.total, requestsPerSecond: Math.round(result.requests.total / duration),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
    cpuMsPerRequest: cpuPerRequest, loadAverage: { before: loadBefore, after: load() }, non2xx: result.non2xx, errors: result.errors,
  };
  console.log(
    `embedded ${name}: ${summary.requestsPerSecond} req/s; p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms, p99 ${summary.latencyMs.p99} ms; ` +
      `${summary.requests} requests (${paths.length} distinct), ${result.non2xx} non-2xx, ${result.errors} errors; CPU ms/request ${cpuPerRequest}; load ${loadBefore} → ${summary.loadAverage.after}`,
  );
  return { ok: result.non2xx === 0 && result.errors === 0 && result.timeouts === 0, summary };
}

async function main(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caskade-bench-embedded-'));
  const port = await freePort();
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  let child: ChildProcess | undefined;
  try {
    console.log(`NODE_ENV=${nodeEnv}; load average ${load()}; starting the embedded app with the demo catalog…`);
    child = spawn(process.execPath, [...prof, '--import', 'tsx', path.join(root, 'scripts', 'run-embedded.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: nodeEnv, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000', ...(process.env.RESPONSE_CACHE_MS ? { RESPONSE_CACHE_MS: process.env.RESPONSE_CACHE_MS } : {}) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the embedded app exited before it was ready');
      if (Date.now() > deadline) throw new Error('the embedded app was not ready within 5 minutes');
      const ready = await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false);
      if (ready) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const page = (await (await fetch(`${base}/api/listings?perPage=100`)).json()) as { data: { listings: Array<{ id: string; category: string; title: string; listingType: string }> } };
    const listings = page.data.listings;
    if (listings.length === 0) throw new Error('the demo catalog has no published listings');
    const pid = child.pid ?? 0;
    const listingPaths = listings.map((l) => `/api/listings/${l.id}`);
    const categories = [...new Set(listings.map((l) => `${l.listingType === 'service' ? 'pub_services' : 'pub_category'}=${l.category}`))];
    const words = [...new Set(listings.flatMap((l) => l.title.toLowerCase().split(/\W+/)).filter((w) => w.length > 3))].slice(0, 10);
    const searchPaths = [
      '/api/listings', '/api/listings?page=2', '/api/listings?sort=-price', '/api/listings?sort=price', '/api/listings?sort=createdAt',
      ...categories.map((c) => `/api/listings?${c}`),
      ...words.map((w) => `/api/listings?keywords=${encodeURIComponent(w)}`),
    ].map((p) => `${p}${p.includes('?') ? '&' : '?'}view=card`); // as the web app asks (docs/decisions/071)
    for (const p of [...listingPaths, ...searchPaths]) {
      const res = await fetch(`${base}${p}`);
      if (res.status !== 200) throw new Error(`warm-up ${p} answered ${res.status}`);
      await res.arrayBuffer();
    }
    console.log(`${listings.length} listings, ${searchPaths.length} searches; autocannon: ${connections} connections, ${duration} s each`);
    const one = await measure('listing', base, listingPaths, pid);
    const search = await measure('search', base, searchPaths, pid);
    console.log(JSON.stringify({ scenario: 'embedded', nodeEnv, connections, durationSeconds: duration, results: [one.summary, search.summary] }));
    return one.ok && search.ok;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
