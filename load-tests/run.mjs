#!/usr/bin/env node
// `npm run bench [-- search|checkout|web]`: load scenarios against the real processes on this machine
// (search and checkout by default). web: load-tests/web.mjs (Lighthouse on three pages). checkout: load-tests/checkout.ts (orders/s and zero oversell, distributed mode).
//
// search: 100,000 published listings in PostgreSQL (database caskade_bench, written with one
// INSERT … SELECT over generate_series), the catalog service and the gateway each started as their
// own process as in distributed mode, then autocannon at 50 connections cycling through a mix of
// keyword, filter, sort and paging queries. Prints requests/s and p50/p95/p99 latency; exits
// non-zero on any error or non-2xx answer (zero-error threshold).
//
// Settings: BENCH_PG_URL (server, default postgres://postgres@127.0.0.1:5432), BENCH_DATABASE
// (default caskade_bench), BENCH_DURATION seconds (default 20), BENCH_CONNECTIONS (default 50).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { LISTINGS, searchPaths, seedSearchData } from './search-data.mjs';
import { webScenario } from './web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const database = process.env.BENCH_DATABASE ?? 'caskade_bench';
const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function ensureDatabase() {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`bad database name ${database}`);
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${database}`;
}

const children = [];
function start(name, entry, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => {
    if (code !== null && code !== 0 && !stopping) console.error(`${name} exited with code ${code}`);
  });
  children.push(child);
  return child;
}
let stopping = false;
async function stopAll() {
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

async function waitFor(what, probe, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (children.some((c) => c.exitCode !== null)) throw new Error(`a process exited before ${what} was ready`);
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} not ready within ${timeoutMs} ms`);
}

const percentile = (sorted, p) => Math.round((sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0) * 10) / 10;

async function searchScenario() {
  const databaseUrl = await ensureDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caskade-bench-'));
  const [grpcPort, httpPort] = [await freePort(), await freePort()];
  try {
    start('catalog', 'services/catalog/src/main.ts', {
      DATABASE_URL: databaseUrl, GRPC_PORT: String(grpcPort), GRPC_HOST: '127.0.0.1', DATA_DIR: dataDir, IDENTITY_ADDR: '127.0.0.1:1',
    });
    await waitFor('catalog schema', async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        return (await c.query(`select 1 from pg_tables where schemaname = 'catalog' and tablename = 'listings'`)).rowCount === 1;
      } finally {
        await c.end();
      }
    });
    console.log(`seeding ${LISTINGS.toLocaleString('en-AU')} published listings in ${database}…`);
    const seeded = await seedSearchData(databaseUrl);
    console.log(seeded.inserted ? `  inserted in ${seeded.seconds.toFixed(1)} s` : `  already there (${seeded.total.toLocaleString('en-AU')})`);
    start('gateway', 'gateway/src/main.ts', {
      PORT: String(httpPort), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${httpPort}`, JWT_SECRET: randomBytes(32).toString('hex'),
      IDENTITY_ADDR: '127.0.0.1:1', NOTIFICATIONS_ADDR: '127.0.0.1:1', PAYMENTS_ADDR: '127.0.0.1:1', CART_ADDR: '127.0.0.1:1', ORDERS_ADDR: '127.0.0.1:1',
      CATALOG_ADDR: `127.0.0.1:${grpcPort}`, WEB_DIST: path.join(root, 'web', 'dist'),
    });
    const base = `http://127.0.0.1:${httpPort}`;
    await waitFor('gateway', async () => (await fetch(`${base}/api/listings?perPage=1`)).status === 200);
    const paths = searchPaths();
    for (const p of paths) {
      const res = await fetch(`${base}${p}`);
      if (res.status !== 200) throw new Error(`warm-up ${p} answered ${res.status}: ${await res.text()}`);
      // An empty answer is fast and proves nothing: every query in the rotation must find listings.
      const body = await res.json();
      if (!(body?.data?.pagination?.totalItems > 0)) throw new Error(`warm-up ${p} found no listings: the benchmark would measure empty searches`);
    }
    console.log(`autocannon: ${connections} connections, ${duration} s, ${paths.length} queries in rotation`);
    const latencies = [];
    const instance = autocannon({ url: base, connections, duration, requests: paths.map((p) => ({ method: 'GET', path: p })) });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    const result = await instance;
    latencies.sort((a, b) => a - b);
    const summary = {
      scenario: 'search',
      listings: LISTINGS,
      connections,
      durationSeconds: duration,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: result.latency.max },
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    };
    console.log(`search: ${summary.requestsPerSecond} req/s; latency p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms, p99 ${summary.latencyMs.p99} ms; ${summary.requests} requests, ${summary.non2xx} non-2xx, ${summary.errors} errors`);
    console.log(JSON.stringify(summary));
    return summary.non2xx === 0 && summary.errors === 0 && summary.timeouts === 0;
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** checkout: load-tests/checkout.ts (the distributed mode's processes, started from TypeScript). */
function checkoutScenario() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'load-tests', 'checkout.ts')], { cwd: root, stdio: 'inherit', env: process.env });
    children.push(child);
    child.on('exit', (code) => resolve(code === 0));
  });
}

// web is run by name only (`npm run bench -- web`): it measures pages, not throughput.
const scenarios = { search: searchScenario, checkout: checkoutScenario, web: webScenario };
const byDefault = ['search', 'checkout'];
const chosen = process.argv[2] ? [process.argv[2]] : byDefault;
const unknown = chosen.filter((s) => !(s in scenarios));
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
const run = async () => {
  let ok = true;
  for (const name of chosen) ok = (await scenarios[name]()) && ok;
  return ok;
};
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => stopAll().then(() => process.exit(130)));
run().then(
  (ok) => process.exit(ok ? 0 : 1),
  async (err) => {
    console.error(err);
    await stopAll();
    process.exit(1);
  },
);
