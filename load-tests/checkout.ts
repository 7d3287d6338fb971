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
 * Settings: BENCH_PG_URL, BENCH_DURATION (20), BENCH_CONNECTIONS (50), BENCH_CPU_PROF (a folder for V8 CPU profiles).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { dropDatabase, startDistributed, type DistributedApp } from '../scripts/distributed';
import { freePort } from '../tests/support/ports';
import { ApiSession } from '../tests/support/http';
import { buyerWithAddress, supplierWithListings } from '../tests/support/buying';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LISTINGS = 20;
const STOCK = 1_000_000;
const SCARCE = 100;

const percentile = (sorted: number[], p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0) * 10) / 10;

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function main(): Promise<boolean> {
  const database = `caskade_bench_checkout_${randomBytes(3).toString('hex')}`;
  let app: DistributedApp | undefined;
  // BENCH_CPU_PROF=<dir>: every process writes a V8 CPU profile there when it stops (where the time goes).
  const production = { NODE_ENV: 'production' };
  try {
    console.log('starting every service as its own process (NODE_ENV=production)…');
    app = await startDistributed({
      port: await freePort(), postgresUrl: serverUrl, database, natsUrl: process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222',
      redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', jwtSecret: randomBytes(48).toString('base64url'), logLevel: 'warn', rateLimitScale: 1000,
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

    const checkoutMs: number[] = [];
    const cartMs: number[] = [];
    let orders = 0;
    let soldOut = 0;
    const unexpected: string[] = [];
    const end = Date.now() + duration * 1000;
    await Promise.all(buyers.map(async ({ session: s, addressId }) => {
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
    checkoutMs.sort((a, b) => a - b);
    cartMs.sort((a, b) => a - b);

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
    };
    console.log(`checkout: ${summary.ordersPerSecond} orders/s; checkout p50 ${summary.checkoutLatencyMs.p50} ms, p95 ${summary.checkoutLatencyMs.p95} ms, p99 ${summary.checkoutLatencyMs.p99} ms; add to cart p95 ${summary.addToCartLatencyMs.p95} ms`);
    console.log(`zero oversell: ${oversold.length} listings off, scarce sold ${summary.scarceSold}/${SCARCE}, ${held} reservations held, ${purchased} purchased checkouts for ${orders} answered 201`);
    if (unexpected.length > 0) console.error(`unexpected answers (${unexpected.length}), first: ${unexpected[0]}`);
    console.log(JSON.stringify(summary));
    // The scarce listing sells out when the run tries it often enough; never beyond its stock.
    const scarceRight = summary.scarceSold === SCARCE || (summary.scarceSold < SCARCE && soldOut === 0);
    return unexpected.length === 0 && oversold.length === 0 && held === 0 && scarceRight && purchased === orders;
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
