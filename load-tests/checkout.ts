/**
 * `npm run bench -- checkout`: the checkout scenario on the distributed mode — one process per
 * service on PostgreSQL (a fresh database, dropped after), NATS JetStream and Redis, every process
 * with NODE_ENV=production as a cluster runs it. Setup signs up one supplier (a sandbox payout
 * account, LISTINGS listings with ample stock and one scarce listing of SCARCE units) and
 * CONNECTIONS buyers, each signed in with a delivery address. Then for DURATION seconds every buyer
 * loops: add a package to the cart, check out with the sandbox's `pm_card_visa` and a fresh
 * Idempotency-Key. One loop in ten tries the scarce listing, so it sells out mid-run.
 *
 * Prints orders/s and the checkout's p50/p95/p99 (and the add-to-cart's), then checks zero
 * oversell: every listing's stock is its start minus what the purchased orders hold, the scarce one
 * sold exactly SCARCE, and no reservation is left held. Exits 1 on any unexpected error.
 *
 * The machine is shared, so orders/s moves with whatever else runs: the run also prints the CPU
 * time each process (and the database's PostgreSQL backends) spent per order over the measured
 * loop, read from /proc before and after it, less the process's idle rate (measured for 5 s just
 * before the loop, once the warm-up's events are all handled) — the figure to compare between runs.
 * The loop's figures run until its own events are handled too (messaging and notifications work
 * after the checkout's answer), so their work is counted.
 * Settings: BENCH_PG_URL, BENCH_DURATION (20), BENCH_WARMUP (5 s of the same loop first, not measured), BENCH_CONNECTIONS (50), BENCH_CPU_PROF (a folder for V8 CPU profiles),
 * BENCH_SQL_LOG=1 (PostgreSQL logs every statement of the bench database; the run counts them per
 * checkout from the server log, BENCH_PG_LOG, default /var/log/postgresql/postgresql-15-main.log).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { dropDatabase, ensureDatabase, startDistributed, type DistributedApp } from '../scripts/distributed';
import { freePort } from '../tests/support/ports';
import { ApiSession } from '../tests/support/http';
import { buyerWithAddress, supplierWithListings } from '../tests/support/buying';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const natsUrl = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const LISTINGS = 20;
const STOCK = 1_000_000;
const SCARCE = 100;

const percentile = (sorted: number[], p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0) * 10) / 10;

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Marked, so the statement count leaves the bench's own queries (snapshots, the drain) out.
    return (await client.query<T>(`${BENCH_MARK} ${text}`, values)).rows;
  } finally {
    await client.end();
  }
}

const BENCH_MARK = '/* bench */';

const CLOCK_TICKS_PER_MS = 100 / 1000; // USER_HZ, 100 on Linux

/** CPU time (user + system) of a process so far, in ms; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS;
  } catch {
    return 0;
  }
}

/** CPU ms so far of every service process and of the database's PostgreSQL backends. */
async function cpuSnapshot(app: DistributedApp, database: string): Promise<Map<string, number>> {
  const snap = new Map<string, number>();
  for (const [name, child] of app.processes) if (child.pid !== undefined) snap.set(name, cpuMs(child.pid));
  const backends = await query<{ pid: number }>(app.databaseUrl, 'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  for (const { pid } of backends) snap.set(`pg:${pid}`, cpuMs(pid));
  return snap;
}

/**
 * Snapshots every second while `work` runs, keeping each process's last reading: a PostgreSQL
 * backend the pool closes meanwhile (idle connections end after 10 s) keeps what it had spent
 * instead of dropping out of the sum. Answers the merged snapshot taken when `work` is done.
 */
async function cpuWhile(app: DistributedApp, database: string, work: () => Promise<void>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const take = async () => {
    for (const [k, ms] of await cpuSnapshot(app, database)) if (ms > 0) seen.set(k, Math.max(ms, seen.get(k) ?? 0));
  };
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(take, take);
  }, 1000);
  try {
    await work();
  } finally {
    clearInterval(timer);
    await sampling.catch(() => undefined);
  }
  await take();
  return seen;
}

/** CPU ms by process between two snapshots (PostgreSQL backends summed as `postgres`). */
function cpuSpent(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const spent = new Map<string, number>();
  for (const [name, ms] of after) {
    const key = name.startsWith('pg:') ? 'postgres' : name;
    // A backend opened during the run started at 0.
    spent.set(key, (spent.get(key) ?? 0) + ms - (before.get(name) ?? 0));
  }
  return spent;
}

/**
 * Wait until the events of the orders so far are handled: no service's outbox holds a pending row
 * and no durable consumer has a message pending or unacked. Messaging and notifications work on
 * each order after its answer, so without this the idle window would measure the warm-up's
 * backlog (not idleness) and the loop's figures would miss the work still queued at its end.
 * Returns the ms waited (at most 60 s).
 */
async function drainEvents(databaseUrl: string): Promise<number> {
  const start = performance.now();
  const nc = await connect({ servers: natsUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const jsm = await jetstreamManager(nc);
    const schemas = (await client.query<{ s: string }>(`${BENCH_MARK} select table_schema as s from information_schema.tables where table_name = 'outbox'`)).rows.map((r) => r.s);
    const pendingSql = schemas.map((s) => `select '${s}' as schema, count(*)::int as n from "${s}".outbox where state = 'pending'`).join(' union all ');
    let reported = 0;
    while (performance.now() - start < 60_000) {
      const outboxes = (await client.query<{ schema: string; n: number }>(`${BENCH_MARK} ${pendingSql}`)).rows.filter((r) => r.n > 0);
      const queued: string[] = [];
      for await (const c of jsm.consumers.list('CASKADE_EVENTS')) {
        if (c.num_pending + c.num_ack_pending > 0) queued.push(`${c.name} ${c.num_pending}+${c.num_ack_pending} (${c.num_redelivered} redelivered)`);
      }
      if (outboxes.length === 0 && queued.length === 0) break;
      // A slow drain says who is behind (the consumers are shared by every run on this NATS server).
      if (performance.now() - start > (reported + 1) * 5000) {
        reported += 1;
        console.log(`still draining: ${[...outboxes.map((o) => `${o.schema} outbox ${o.n}`), ...queued].join(', ')}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
    await nc.close();
  }
  return Math.round(performance.now() - start);
}

/**
 * CPU ms per order by process over the loop, less what each process spends idle (poll loops,
 * timers, sweepers: `idlePerMs` × the loop's length), so a slow run on a busy machine does not
 * spread the idle cost over fewer orders.
 */
function cpuPerOrder(spentInLoop: Map<string, number>, idlePerMs: Map<string, number>, loopMs: number, orders: number): Record<string, number> {
  const spent = new Map([...spentInLoop].map(([k, ms]) => [k, Math.max(0, ms - (idlePerMs.get(k) ?? 0) * loopMs)]));
  const out: Record<string, number> = {};
  let total = 0;
  for (const [name, ms] of [...spent].sort((a, b) => b[1] - a[1])) {
    out[name] = Math.round((ms / Math.max(orders, 1)) * 10) / 10;
    total += ms;
  }
  out['total'] = Math.round((total / Math.max(orders, 1)) * 10) / 10;
  return out;
}

const pgLog = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

/** Statements the bench database ran since `offset` in the server log, by schema they touch. */
function countStatements(database: string, offset: number): { total: number; bySchema: Record<string, number>; byStatement: Array<[string, number]> } {
  const text = readFileSync(pgLog).subarray(offset).toString('utf8');
  const bySchema: Record<string, number> = {};
  const byStatement = new Map<string, number>();
  let total = 0;
  // A statement spans lines (continuations do not start with the timestamp); join them first.
  const entries: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) entries.push(line);
    else if (entries.length > 0) entries[entries.length - 1] += ` ${line}`;
  }
  for (const entry of entries) {
    if (!entry.includes(`@${database} `)) continue;
    const m = /LOG:\s+(?:execute [^:]*|statement): (.*)$/.exec(entry);
    if (!m?.[1]) continue;
    const stmt = m[1].trim();
    if (stmt.startsWith(BENCH_MARK)) continue;
    total += 1;
    const schema = /"?(catalog|orders|cart|payments|identity|notifications)"?\./.exec(stmt)?.[1] ?? 'other';
    bySchema[schema] = (bySchema[schema] ?? 0) + 1;
    const key = stmt.replace(/\s+/g, ' ').slice(0, 120);
    byStatement.set(key, (byStatement.get(key) ?? 0) + 1);
  }
  return { total, bySchema, byStatement: [...byStatement].sort((a, b) => b[1] - a[1]).slice(0, 60) };
}

async function main(): Promise<boolean> {
  const database = `caskade_bench_checkout_${randomBytes(3).toString('hex')}`;
  let app: DistributedApp | undefined;
  // BENCH_CPU_PROF=<dir>: every process writes a V8 CPU profile there when it stops (where the time goes).
  const production = { NODE_ENV: 'production' };
  try {
    const sqlLog = process.env.BENCH_SQL_LOG === '1' && existsSync(pgLog);
    if (sqlLog) {
      await ensureDatabase(serverUrl, database);
      await query(`${serverUrl}/postgres`, `alter database ${database} set log_statement = 'all'`);
    }
    console.log('starting every service as its own process (NODE_ENV=production)…');
    app = await startDistributed({
      port: await freePort(), postgresUrl: serverUrl, database, natsUrl,
      redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', logLevel: 'warn', rateLimitScale: 1000,
      ...(process.env.BENCH_CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] } : {}),
      serviceEnv: Object.fromEntries(['gateway', 'identity', 'notifications', 'catalog', 'payments', 'cart', 'orders'].map((s) => [s, production])),
      onOutput: (service, line) => {
        if (/"level":"(error|fatal)"/.test(line)) console.error(`${service}: ${line}`);
      },
    });
    const url = app.url;
    const { listingIds } = await supplierWithListings(url, 'bench-supplier@example.com', 'Bench', [...Array<number>(LISTINGS).fill(STOCK), SCARCE]);
    const scarce = listingIds[LISTINGS] ?? '';
    const ids = listingIds.slice(0, LISTINGS);
    const buyers: Array<{ session: ApiSession; addressId: string }> = [];
    for (let i = 0; i < connections; i += 10) {
      buyers.push(...(await Promise.all(Array.from({ length: Math.min(10, connections - i) }, (_, j) => buyerWithAddress(url, `bench-buyer-${i + j}@example.com`)))));
    }
    console.log(`${buyers.length} buyers signed in; ${LISTINGS} listings of ${STOCK.toLocaleString('en-AU')} and one of ${SCARCE}; ${duration} s…`);

    let checkoutMs: number[] = [];
    let cartMs: number[] = [];
    let orders = 0;
    let soldOut = 0;
    const unexpected: string[] = [];
    // Every buyer loops for `seconds`: add to cart, then check out.
    const drive = (seconds: number) => Promise.all(buyers.map(async ({ session: s, addressId }) => {
      const end = Date.now() + seconds * 1000;
      while (Date.now() < end) {
        const listingId = Math.random() < 0.1 ? scarce : (ids[Math.floor(Math.random() * ids.length)] ?? scarce);
        let t = performance.now();
        const added = await s.post('/api/cart', { listingId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
        cartMs.push(performance.now() - t);
        if (added.status !== 201) {
          const code = (added.body as { errors?: Array<{ code: string; meta?: { fields?: Record<string, string> } }> }).errors?.[0];
          if (listingId === scarce && (code?.code === 'transaction-listing-insufficient-stock' || code?.meta?.fields?.quantity === 'quantityOverMsg')) {
            soldOut += 1;
            continue;
          }
          unexpected.push(`cart ${added.status} ${JSON.stringify(added.body)}`);
          continue;
        }
        t = performance.now();
        const res = await s.request('POST', '/api/initiate-privileged-from-cart', { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' }, { 'idempotency-key': randomUUID() });
        checkoutMs.push(performance.now() - t);
        if (res.status === 201) orders += 1;
        else {
          const code = (res.body as { errors?: Array<{ code: string }> }).errors?.[0]?.code;
          if (code === 'transaction-listing-insufficient-stock' || code === 'transaction-listing-not-found') {
            soldOut += 1;
            // The sold-out entry stays in the cart: take it out and carry on.
            const cart = await s.get<{ data: { suppliers: Array<{ entries: Array<{ id: string }> }> } }>('/api/cart');
            for (const e of cart.body.data.suppliers.flatMap((g) => g.entries)) await s.delete(`/api/cart/${e.id}`);
          } else unexpected.push(`checkout ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }));
    // A warm-up first (JIT, pools, caches), not measured: its orders count only in the oversell check.
    if (warmup > 0) {
      console.log(`warm-up ${warmup} s…`);
      await drive(warmup);
    }
    const warmOrders = orders;
    orders = 0;
    checkoutMs = [];
    cartMs = [];
    // What every process spends idle, to take out of the loop's figures — once the warm-up's events are handled.
    await drainEvents(app.databaseUrl);
    const idleMs = 5000;
    const idleBefore = await cpuSnapshot(app, database);
    const idleStart = performance.now();
    await new Promise((r) => setTimeout(r, idleMs));
    const idleAfter = await cpuSnapshot(app, database);
    const idleElapsed = performance.now() - idleStart;
    const idlePerMs = new Map([...cpuSpent(idleBefore, idleAfter)].map(([k, ms]) => [k, ms / idleElapsed]));
    const cpuBefore = await cpuSnapshot(app, database);
    const logOffset = sqlLog ? statSync(pgLog).size : 0;
    const loopStart = performance.now();
    let drainMs = 0;
    const { databaseUrl } = app;
    const cpuAfter = await cpuWhile(app, database, async () => {
      await drive(duration);
      // The loop's orders cost what their events still cost after it (messaging, notifications).
      drainMs = await drainEvents(databaseUrl);
    });
    const cpu = cpuPerOrder(cpuSpent(cpuBefore, cpuAfter), idlePerMs, performance.now() - loopStart, orders);
    const idleCpu = Object.fromEntries([...idlePerMs].map(([k, v]) => [k, Math.round(v * 1000)]));
    checkoutMs.sort((a, b) => a - b);
    cartMs.sort((a, b) => a - b);
    console.log(`CPU ms per order (process CPU time over the loop, less its idle rate, / orders): ${Object.entries(cpu).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    console.log(`events still being handled when the loop ended: ${drainMs} ms until every outbox and consumer was empty (counted in the CPU per order)`);
    console.log(`idle CPU ms per second: ${Object.entries(idleCpu).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    if (sqlLog) {
      const counted = countStatements(database, logOffset);
      const per = (n: number) => Math.round((n / Math.max(orders, 1)) * 10) / 10;
      console.log(`SQL statements per order (add to cart + checkout + events): ${per(counted.total)}; by schema ${Object.entries(counted.bySchema).map(([k, v]) => `${k} ${per(v)}`).join(', ')}`);
      for (const [stmt, n] of counted.byStatement) console.log(`  ${per(n).toFixed(2).padStart(6)}  ${stmt}`);
    }

    // Zero oversell: stock = start − what purchased orders hold; the scarce listing sold exactly SCARCE; nothing held.
    await new Promise((r) => setTimeout(r, 1000));
    const sold = await query<{ listing: string; n: number }>(app.databaseUrl, `
      select l->>'listingId' as listing, sum((l->>'quantity')::int)::int as n from orders.orders o, jsonb_array_elements(o.lines) l
      where o.state = 'purchased-multi-vendor' group by 1`);
    const soldOf = new Map(sold.map((r) => [r.listing, r.n]));
    const stocks = await query<{ id: string; stock_quantity: number }>(app.databaseUrl, `select id, stock_quantity from catalog.listings where id = any($1::uuid[])`, [[...ids, scarce]]);
    const oversold = stocks.filter((l) => l.stock_quantity !== (l.id === scarce ? SCARCE : STOCK) - (soldOf.get(l.id) ?? 0));
    const held = (await query<{ n: number }>(app.databaseUrl, `select count(*)::int as n from catalog.stock_reservations where state = 'reserved'`))[0]?.n ?? -1;
    const purchased = (await query<{ n: number }>(app.databaseUrl, `select count(*)::int as n from orders.checkouts where state = 'purchased'`))[0]?.n ?? -1;
    const summary = {
      scenario: 'checkout',
      connections: buyers.length,
      durationSeconds: duration,
      orders,
      ordersPerSecond: Math.round((orders / duration) * 10) / 10,
      checkoutLatencyMs: { p50: percentile(checkoutMs, 50), p95: percentile(checkoutMs, 95), p99: percentile(checkoutMs, 99) },
      addToCartLatencyMs: { p50: percentile(cartMs, 50), p95: percentile(cartMs, 95), p99: percentile(cartMs, 99) },
      soldOutAnswers: soldOut,
      scarceSold: soldOf.get(scarce) ?? 0,
      purchasedCheckouts: purchased,
      oversoldListings: oversold.length,
      reservationsHeld: held,
      unexpected: unexpected.length,
      cpuMsPerOrder: cpu,
      idleCpuMsPerSecond: idleCpu,
      drainMs,
    };
    console.log(`checkout: ${summary.ordersPerSecond} orders/s; checkout p50 ${summary.checkoutLatencyMs.p50} ms, p95 ${summary.checkoutLatencyMs.p95} ms, p99 ${summary.checkoutLatencyMs.p99} ms; add to cart p95 ${summary.addToCartLatencyMs.p95} ms`);
    console.log(`zero oversell: ${oversold.length} listings off, scarce sold ${summary.scarceSold}/${SCARCE}, ${held} reservations held, ${purchased} purchased checkouts for ${orders + warmOrders} answered 201 (${warmOrders} in the warm-up)`);
    if (unexpected.length > 0) console.error(`unexpected answers (${unexpected.length}), first: ${unexpected[0]}`);
    console.log(JSON.stringify(summary));
    // The scarce listing sells out when the run tries it often enough; never beyond its stock.
    const scarceRight = summary.scarceSold === SCARCE || (summary.scarceSold < SCARCE && soldOut === 0);
    return unexpected.length === 0 && oversold.length === 0 && held === 0 && scarceRight && purchased === orders + warmOrders;
  } finally {
    await app?.stop();
    await dropDatabase(serverUrl, database).catch(() => undefined);
  }
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => process.exit(130));
main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
