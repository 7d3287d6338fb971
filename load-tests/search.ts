/**
 * `npm run bench -- search`: search at 100,000 published listings on PostgreSQL (database
 * caskade_bench, written with one INSERT … SELECT over generate_series), the catalog service and the
 * gateway each started as their own process as in distributed mode (NODE_ENV as the bench is run
 * with: run it with NODE_ENV=production), then autocannon at BENCH_CONNECTIONS (50) on two mixes:
 *
 * - popular: the ~50 queries most buyers ask (category pages, common keywords, filters, sorts,
 *   pages 1–3). Target ≥ 1,000 req/s, p95 ≤ 50 ms.
 * - long tail: 3,000 distinct queries, each asked about once a run (rare keywords, deep pages,
 *   combined filters), which no cache answers. Target ≥ 300 req/s, p95 ≤ 150 ms.
 *
 * Each mix prints req/s, p50/p95/p99 and the CPU ms per request of the gateway, the catalog and the
 * database's PostgreSQL backends (from /proc over the run: the figure to compare on a shared
 * machine), with the load average before and after. Each mix runs twice: as fast as the connections
 * go (the most the machine answers), then at its target's rate (1,000 and 300 req/s evenly spaced,
 * an open loop as k6's constant-arrival-rate: the latency while serving that many, counted from
 * when each request was due; BENCH_RATES=0 skips it). Then the hop: the popular queries one at a
 * time, each asked of the catalog's gRPC API directly and through the gateway back to back (both
 * answered from the catalog's cache; through the gateway once from its response cache, once under
 * an address that cache has not seen); what the gateway (HTTP, validation, JSON) adds is the
 * difference, and the direct call is the gRPC hop itself (target ≤ 2 ms at p95 for the two).
 * BENCH_MIX= (empty) measures only the hop. Exits non-zero on any error or non-2xx answer.
 *
 * Settings: BENCH_PG_URL (postgres://postgres@127.0.0.1:5432), BENCH_DATABASE (caskade_bench),
 * BENCH_DURATION seconds per mix (20), BENCH_CONNECTIONS (50), BENCH_MIX (popular,longtail),
 * BENCH_CPU_PROF (a folder for V8 CPU profiles of both processes).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { clusterKeyEnv, configureTrust, createClient, generateClusterKeys, SERVICE_NAMES, trustFromEnv } from '@caskade/kit';
import { catalog } from '@caskade/proto';
import { parsePriceRange } from '@caskade/catalog/domain';
import { startDistributed, type DistributedApp } from '../scripts/distributed';
import { freePort } from '../tests/support/ports';
// @ts-expect-error: a plain ES module shared with the k6 notes (no types)
import { LISTINGS, longTailPaths, popularPaths, seedSearchData } from './search-data.mjs';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const database = process.env.BENCH_DATABASE ?? 'caskade_bench';
const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const mixes = (process.env.BENCH_MIX ?? 'popular,longtail').split(',').filter(Boolean);
const nodeEnv = process.env.NODE_ENV ?? 'development';
/** Each mix also at its target's rate (BENCH_RATES=0: only as fast as the connections go). */
const rates = process.env.BENCH_RATES !== '0';
const POPULAR_RATE = 1000;
const LONGTAIL_RATE = 300;

const percentile = (sorted: number[], p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0) * 100) / 100;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

let app: DistributedApp | undefined;
const measured = ['gateway', 'catalog'];

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** CPU time (user + system) of a process so far, in ms (USER_HZ 100); 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU ms so far of the gateway, the catalog and the bench database's PostgreSQL backends (summed). */
async function cpuSnapshot(databaseUrl: string): Promise<Map<string, number>> {
  const snap = new Map<string, number>();
  for (const name of measured) {
    const pid = app?.processes.get(name)?.pid;
    if (pid !== undefined) snap.set(name, cpuMs(pid));
  }
  const backends = await query<{ pid: number }>(databaseUrl, 'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  for (const { pid } of backends) snap.set(`pg:${pid}`, cpuMs(pid));
  return snap;
}

function cpuPerRequest(before: Map<string, number>, after: Map<string, number>, requests: number): Record<string, number> {
  const spent: Record<string, number> = {};
  for (const [name, ms] of after) {
    const key = name.startsWith('pg:') ? 'postgres' : name;
    spent[key] = (spent[key] ?? 0) + ms - (before.get(name) ?? 0);
  }
  const out: Record<string, number> = {};
  let total = 0;
  for (const [name, ms] of Object.entries(spent)) {
    out[name] = Math.round((ms / Math.max(requests, 1)) * 100) / 100;
    total += ms;
  }
  out['total'] = Math.round((total / Math.max(requests, 1)) * 100) / 100;
  return out;
}

interface MixResult {
  mix: string;
  distinctQueries: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  cpuMsPerRequest: Record<string, number>;
  loadAverage: { before: string; after: string };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * An open loop at `rate` requests a second, as k6's constant-arrival-rate runs the cluster's
 * scenario: request i is due at i / rate seconds, sent then whatever is still in flight (on a
 * keep-alive agent with sockets enough), and its latency counts from when it was due, so a
 * request the driver could not send on time is charged for its wait (no coordinated omission).
 * autocannon's own rate limit is not that: each connection sends its share of a second at the
 * second's start, all connections together, so "300 a second" arrived as bursts of 50 at once.
 */
async function openLoop(base: string, paths: string[], rate: number, seconds: number): Promise<{ latencies: number[]; requests: number; non2xx: number; errors: number; timeouts: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
  const url = new URL(base);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let sent = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const inFlight = new Set<Promise<void>>();
  const send = (path: string, due: number) => {
    const done = new Promise<void>((resolve) => {
      const req = http.get({ host: url.hostname, port: url.port, path, agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.once('end', () => {
          latencies.push(performance.now() - due);
          if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx += 1;
          resolve();
        });
      });
      req.once('timeout', () => {
        timeouts += 1;
        req.destroy(new Error('timeout'));
      });
      req.once('error', () => {
        errors += 1;
        resolve();
      });
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  while (sent < total) {
    const now = performance.now();
    // Everything due by now goes out (a late timer sends its backlog at once, charged from each due time).
    while (sent < total && start + (sent * 1000) / rate <= now) {
      send(paths[sent % paths.length] ?? '/api/listings', start + (sent * 1000) / rate);
      sent += 1;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, start + (sent * 1000) / rate - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { latencies, requests: latencies.length, non2xx, errors, timeouts };
}

/**
 * Closed loop: autocannon at `connections`, every request taking the next path of the rotation (so
 * the connections never ask the same query together), as fast as they go (the most the machine
 * answers, the latency then being mostly the queue). With `rate`: the open loop above at the
 * target's rate (the latency a visitor sees while the site serves that many).
 */
async function runMix(mix: string, base: string, paths: string[], databaseUrl: string, rate?: number): Promise<MixResult> {
  if (rate) {
    const loadBefore = load();
    const cpuBefore = await cpuSnapshot(databaseUrl);
    // Paths from a rotation offset per mix, so the rate run does not replay the closed loop's first queries in order.
    const rotated = [...paths.slice(Math.floor(paths.length / 2)), ...paths.slice(0, Math.floor(paths.length / 2))];
    const r = await openLoop(base, rotated, rate, duration);
    const cpuAfter = await cpuSnapshot(databaseUrl);
    return mixResult(`${mix} at ${rate} req/s`, paths.length, r.latencies, { ...r, max: Math.round(Math.max(0, ...r.latencies)) }, cpuPerRequest(cpuBefore, cpuAfter, r.requests), loadBefore);
  }
  let next = 0;
  const latencies: number[] = [];
  const loadBefore = load();
  const cpuBefore = await cpuSnapshot(databaseUrl);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] ?? '/api/listings' }) }],
      },
      (err, out) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(out)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const cpuAfter = await cpuSnapshot(databaseUrl);
  const counts = { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, max: result.latency.max };
  return mixResult(mix, paths.length, latencies, counts, cpuPerRequest(cpuBefore, cpuAfter, result.requests.total), loadBefore);
}

/** A mix's figures from its latencies (sorted here) and counts, printed as they are answered. */
function mixResult(
  mix: string, distinct: number, latencies: number[], counts: { requests: number; non2xx: number; errors: number; timeouts: number; max: number },
  cpuMsPerRequest: Record<string, number>, loadBefore: string,
): MixResult {
  latencies.sort((a, b) => a - b);
  const out: MixResult = {
    mix,
    distinctQueries: distinct,
    requests: counts.requests,
    requestsPerSecond: Math.round(counts.requests / duration),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: counts.max },
    cpuMsPerRequest,
    loadAverage: { before: loadBefore, after: load() },
    non2xx: counts.non2xx,
    errors: counts.errors,
    timeouts: counts.timeouts,
  };
  printMix(out, distinct);
  return out;
}

function printMix(out: MixResult, distinct: number): void {
  const cpu = Object.entries(out.cpuMsPerRequest).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(
    `search ${out.mix}: ${out.requestsPerSecond} req/s; p50 ${out.latencyMs.p50} ms, p95 ${out.latencyMs.p95} ms, p99 ${out.latencyMs.p99} ms; ` +
      `${out.requests} requests (${distinct} distinct), ${out.non2xx} non-2xx, ${out.errors} errors, ${out.timeouts} timeouts; CPU ms/request: ${cpu}; load ${out.loadAverage.before} → ${out.loadAverage.after}`,
  );
}

const SORTS: Record<string, catalog.SortOrder> = {
  relevance: catalog.SortOrder.SORT_ORDER_RELEVANCE,
  createdAt: catalog.SortOrder.SORT_ORDER_NEWEST,
  '-createdAt': catalog.SortOrder.SORT_ORDER_OLDEST,
  '-price': catalog.SortOrder.SORT_ORDER_PRICE_LOW,
  price: catalog.SortOrder.SORT_ORDER_PRICE_HIGH,
};

/** The gRPC request the gateway sends for a search URL (the same mapping as GET /api/listings). */
function searchRequest(p: string): catalog.SearchListingsRequest {
  const q = new URL(p, 'http://bench').searchParams;
  const list = (name: string) => (q.get(name) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const price = q.get('price') ? parsePriceRange(q.get('price') ?? '') : null;
  return catalog.SearchListingsRequest.fromPartial({
    keywords: q.get('keywords') ?? '', brandIds: list('pub_brand'), categories: list('pub_category'), productTypes: list('pub_type'), styles: list('pub_style'),
    services: list('pub_services'), priceMinCents: price?.minCents ?? undefined, priceMaxCents: price?.maxCents ?? undefined,
    sort: SORTS[q.get('sort') ?? 'relevance'] ?? catalog.SortOrder.SORT_ORDER_RELEVANCE, page: Number(q.get('page') ?? 1), perPage: 24, buyerState: q.get('pub_state') ?? '',
    includeSoldOut: false, cards: q.get('view') === 'card',
  });
}

/**
 * The hop: each popular query asked of the catalog over gRPC directly, then through the gateway,
 * one at a time (no queueing), ROUNDS times; the difference per pair is what the gateway adds on
 * top of the gRPC call, and the direct call on a cached answer is what the gRPC hop itself costs.
 */
async function measureHop(base: string, grpcAddress: string, paths: string[]) {
  const client = createClient(catalog.CatalogServiceService, grpcAddress);
  const ctx = { requestId: 'bench-hop', caller: null };
  const direct: number[] = [];
  const gateway: number[] = [];
  const added: number[] = [];
  const missed: number[] = [];
  const missAdded: number[] = [];
  const ROUNDS = 10;
  try {
    for (let round = 0; round < ROUNDS + 1; round++) {
      for (const p of paths) {
        const req = searchRequest(p);
        // Asked once untimed first, so both timed calls find the catalog's cached answer: the
        // difference is the hop, not a database query on whichever call came first.
        await client.searchListings(req, ctx);
        // And through the gateway untimed, so the timed request finds its response cache's answer (docs/decisions/064).
        await (await fetch(`${base}${p}`)).arrayBuffer();
        // Either untimed call may have started a refresh ahead of expiry in the background (the
        // catalog's read cache, the gateway's response cache: docs/decisions/058, 064); let it end,
        // so the timed pair measures the hop, not a refresh running beside it.
        await new Promise((r) => setTimeout(r, 15));
        let t = performance.now();
        await client.searchListings(req, ctx);
        const d = performance.now() - t;
        t = performance.now();
        const res = await fetch(`${base}${p}`);
        await res.arrayBuffer();
        const g = performance.now() - t;
        if (res.status !== 200) throw new Error(`hop ${p} answered ${res.status}`);
        // The same query under an address the gateway's response cache has not seen (perPage=024,
        // 0024, …: the same 24 a page to the catalog), so the gateway validates, calls the catalog
        // and renders the JSON: the hop on a gateway miss.
        const missPath = `${p}${p.includes('?') ? '&' : '?'}perPage=${'0'.repeat(round + 1)}24`;
        t = performance.now();
        const miss = await fetch(`${base}${missPath}`);
        await miss.arrayBuffer();
        const m = performance.now() - t;
        if (miss.status !== 200) throw new Error(`hop ${missPath} answered ${miss.status}`);
        if (round === 0) continue; // the first round warms both paths
        direct.push(d);
        gateway.push(g);
        added.push(g - d);
        missed.push(m);
        missAdded.push(m - d);
      }
    }
  } finally {
    client.close();
  }
  for (const a of [direct, gateway, added, missed, missAdded]) a.sort((x, y) => x - y);
  const out = {
    calls: direct.length,
    directGrpcMs: { p50: percentile(direct, 50), p95: percentile(direct, 95) },
    throughGatewayMs: { p50: percentile(gateway, 50), p95: percentile(gateway, 95) },
    gatewayAddsMs: { p50: percentile(added, 50), p95: percentile(added, 95) },
    gatewayMissMs: { p50: percentile(missed, 50), p95: percentile(missed, 95) },
    gatewayMissAddsMs: { p50: percentile(missAdded, 50), p95: percentile(missAdded, 95) },
  };
  console.log(
    `hop (popular queries one at a time, ${out.calls} pairs): catalog over gRPC p50 ${out.directGrpcMs.p50} ms, p95 ${out.directGrpcMs.p95} ms; ` +
      `through the gateway (its cache answering) p50 ${out.throughGatewayMs.p50} ms, p95 ${out.throughGatewayMs.p95} ms; the gateway adds p50 ${out.gatewayAddsMs.p50} ms, p95 ${out.gatewayAddsMs.p95} ms; ` +
      `on a gateway cache miss p50 ${out.gatewayMissMs.p50} ms, p95 ${out.gatewayMissMs.p95} ms (adds p50 ${out.gatewayMissAddsMs.p50} ms, p95 ${out.gatewayMissAddsMs.p95} ms)`,
  );
  return out;
}

async function main(): Promise<boolean> {
  // The bench calls the catalog directly as the gateway does: with the gateway's service key.
  const keys = generateClusterKeys([...SERVICE_NAMES, 'gateway']);
  configureTrust(trustFromEnv('gateway', clusterKeyEnv(keys, 'gateway')));
  try {
    console.log(`NODE_ENV=${nodeEnv}; load average ${load()}; starting every service as its own process…`);
    app = await startDistributed({
      port: await freePort(), postgresUrl: serverUrl, database, natsUrl: process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222',
      redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', keys, logLevel: 'warn', rateLimitScale: 1000,
      ...(process.env.BENCH_CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] } : {}),
      serviceEnv: Object.fromEntries([...SERVICE_NAMES, 'gateway'].map((s) => [s, { NODE_ENV: nodeEnv }])),
      onOutput: (service, line) => {
        if (/"level":"(error|fatal)"/.test(line)) console.error(`${service}: ${line}`);
      },
    });
    const databaseUrl = app.databaseUrl;
    console.log(`seeding ${LISTINGS.toLocaleString('en-AU')} published listings in ${database}…`);
    const seeded = (await seedSearchData(databaseUrl)) as { inserted: number; total: number; seconds: number };
    console.log(seeded.inserted ? `  inserted in ${seeded.seconds.toFixed(1)} s` : `  already there (${seeded.total.toLocaleString('en-AU')})`);
    const base = app.url.replace('localhost', '127.0.0.1');
    const grpcAddress = app.addresses['catalog'] ?? '';

    const popular = popularPaths() as string[];
    const longTail = longTailPaths() as string[];
    // An empty answer is fast and proves nothing: every popular query must find listings, and most of the long tail.
    for (const p of popular) {
      const res = await fetch(`${base}${p}`);
      if (res.status !== 200) throw new Error(`warm-up ${p} answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { data?: { pagination?: { totalItems?: number } } };
      if (!((body.data?.pagination?.totalItems ?? 0) > 0)) throw new Error(`warm-up ${p} found no listings: the benchmark would measure empty searches`);
    }
    let found = 0;
    const sample = longTail.filter((_p, i) => i % 30 === 0);
    for (const p of sample) {
      const res = await fetch(`${base}${p}`);
      if (res.status !== 200) throw new Error(`long-tail ${p} answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { data?: { listings?: unknown[] } };
      if ((body.data?.listings?.length ?? 0) > 0) found += 1;
    }
    console.log(`long tail: ${found} of ${sample.length} sampled queries answer listings`);
    if (found < sample.length * 0.8) throw new Error('the long tail would measure mostly empty pages');

    const results: MixResult[] = [];
    console.log(`autocannon: ${connections} connections, ${duration} s a mix`);
    if (mixes.includes('popular')) results.push(await runMix('popular', base, popular, databaseUrl));
    if (mixes.includes('longtail')) results.push(await runMix('longtail', base, longTail, databaseUrl));
    // The targets' rates: popular ≥ 1,000 req/s with p95 ≤ 50 ms, long tail ≥ 300 req/s with p95 ≤ 150 ms.
    if (rates) {
      if (mixes.includes('popular')) results.push(await runMix('popular', base, popular, databaseUrl, POPULAR_RATE));
      if (mixes.includes('longtail')) results.push(await runMix('longtail', base, longTail, databaseUrl, LONGTAIL_RATE));
    }
    const hop = await measureHop(base, grpcAddress, popular);
    console.log(JSON.stringify({ scenario: 'search', listings: LISTINGS, connections, durationSeconds: duration, nodeEnv, mixes: results, hop }));
    return results.every((r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0);
  } finally {
    await app?.stop();
  }
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void (app?.stop() ?? Promise.resolve()).then(() => process.exit(130)));
main().then(
  (ok) => process.exit(ok ? 0 : 1),
  async (err: unknown) => {
    console.error(err);
    await app?.stop();
    process.exit(1);
  },
);
