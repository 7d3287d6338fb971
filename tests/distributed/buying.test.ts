/**
 * Buying with one process per service on PostgreSQL, NATS JetStream and Redis: 200 buyers race for
 * 10 units, one Idempotency-Key sent 50 times at once, and the orders and payments processes killed
 * with SIGKILL in the middle of checkouts — afterwards every checkout has one end state, nothing is
 * charged twice, no stock is lost or left reserved. The orders service runs with a 3-second payment
 * window so the expiry timer takes part.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ApiSession, type ApiResponse } from '../support/http';
import { buyerWithAddress, supplierWithListings } from '../support/buying';
import { useDistributedApp } from '../support/distributed';
import type { CheckoutOutcomeView } from '@caskade/gateway/contract';

// 260 sign-ups from one address: the sign-up limit (20 an hour) scaled to cover them.
const fixture = useDistributedApp('distributed buying suite', { rateLimitScale: 100, serviceEnv: { orders: { PAYMENT_WINDOW_SECONDS: '3', ORDER_TIMER_POLL_MS: '200' } } });

interface ErrorBody {
  errors?: Array<{ code: string }>;
}
type CheckoutAnswer = ApiResponse<{ data: CheckoutOutcomeView } & ErrorBody>;

async function supplierWithListing(url: string, email: string, stock: number): Promise<{ session: ApiSession; listingId: string }> {
  const { session, listingIds } = await supplierWithListings(url, email, `Kegs ${email.split('@')[0] ?? ''}`, [stock]);
  return { session, listingId: listingIds[0] ?? '' };
}

async function buyerWithCart(url: string, email: string, listingId: string, quantity = 1): Promise<{ session: ApiSession; addressId: string }> {
  const buyer = await buyerWithAddress(url, email);
  expect((await buyer.session.post('/api/cart', { listingId, packageIndex: 0, quantity, deliveryMethod: 'pickup' })).status).toBe(201);
  return buyer;
}

/** `count` buyers, `batch` signing up at a time (argon2id hashing is the slow part). */
async function buyers(url: string, prefix: string, count: number, listingId: string, batch = 25) {
  const out: Array<{ session: ApiSession; addressId: string }> = [];
  for (let i = 0; i < count; i += batch) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => buyerWithCart(url, `${prefix}${i + j}@example.com`, listingId)))));
  }
  return out;
}

const checkout = (s: ApiSession, addressId: string, key = randomUUID(), method: Record<string, unknown> = { paymentMethodId: 'pm_card_visa' }): Promise<CheckoutAnswer> =>
  s.request('POST', '/api/initiate-privileged-from-cart', { deliveryAddressId: addressId, ...method }, { 'idempotency-key': key });

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function stockOf(url: string, listingId: string): Promise<number> {
  return (await new ApiSession(url).get<{ data: { currentStock: { quantity: number } } }>(`/api/listings/${listingId}`)).body.data.currentStock.quantity;
}

describe('distributed: buying', () => {
  fixture.test('200 buyers check out at once for 10 units: 10 orders, 190 insufficient stock, stock 0, nothing left reserved', async (app) => {
    const { listingId } = await supplierWithListing(app.url, 'race-supplier@example.com', 10);
    const racers = await buyers(app.url, 'racer', 200, listingId);
    const answers = await Promise.all(racers.map((b) => checkout(b.session, b.addressId)));
    const codes = answers.map((a) => (a.status === 201 ? 'purchased' : (a.body.errors?.[0]?.code ?? String(a.status))));
    expect(codes.filter((c) => c === 'purchased')).toHaveLength(10);
    expect(codes.filter((c) => c === 'transaction-listing-insufficient-stock')).toHaveLength(190);
    expect(answers.filter((a) => a.status === 201).every((a) => a.body.data.checkout?.state === 'purchased')).toBe(true);
    expect(await stockOf(app.url, listingId)).toBe(0);
    const held = await query<{ n: number }>(app.databaseUrl, `select count(*)::int as n from catalog.stock_reservations where state = 'reserved'`);
    expect(held[0]?.n).toBe(0);
    const orders = await query<{ n: number }>(app.databaseUrl, `select count(*)::int as n from orders.orders where state = 'purchased-multi-vendor'`);
    expect(orders[0]?.n).toBe(10);
  }, 240_000);

  fixture.test('the same Idempotency-Key 50 times at once: one checkout, one charge, the same answer', async (app) => {
    const { listingId } = await supplierWithListing(app.url, 'idem-supplier@example.com', 5);
    const [b] = await buyers(app.url, 'idem', 1, listingId);
    if (!b) throw new Error('no buyer');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => checkout(b.session, b.addressId, key)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(49).fill(200), 201].sort());
    const first = answers.find((a) => a.status === 201)?.body.data;
    for (const a of answers) expect({ ...a.body.data, replayed: false }).toEqual({ ...first, replayed: false });
    const payments = await query<{ n: number }>(app.databaseUrl, `select count(*)::int as n from payments.payments where id = $1`, [first?.checkout?.id]);
    expect(payments[0]?.n).toBe(1);
    expect(await stockOf(app.url, listingId)).toBe(4);
  }, 60_000);

  fixture.test('a bank-transfer checkout takes its lines out of the cart over NATS (orders.checkout.placed), long before the transfer is confirmed', async (app) => {
    const { listingId } = await supplierWithListing(app.url, 'transfer-supplier@example.com', 5);
    const [b] = await buyers(app.url, 'transfer', 1, listingId);
    if (!b) throw new Error('no buyer');
    const placed = await checkout(b.session, b.addressId, randomUUID(), { bankTransfer: true });
    expect([placed.status, placed.body.data.checkout?.state, placed.body.data.checkout?.paymentStatus]).toEqual([201, 'pending', 'awaiting_transfer']);
    const entries = async () => (await b.session.get<{ data: { entryCount: number } }>('/api/cart')).body.data.entryCount;
    const deadline = Date.now() + 10_000;
    let left = await entries();
    while (left !== 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      left = await entries();
    }
    expect(left).toBe(0);
    expect(await stockOf(app.url, listingId)).toBe(4);
  }, 60_000);

  for (const victim of ['orders', 'payments'] as const) {
    fixture.test(`kill -9 ${victim} in the middle of 30 checkouts: every checkout ends once, no double charge, no stock lost or held`, async (app) => {
      const { listingId } = await supplierWithListing(app.url, `${victim}-crash-supplier@example.com`, 100);
      const crowd = await buyers(app.url, `${victim}-crash`, 30, listingId);
      // This test's checkouts only (an earlier test's bank transfer rightly waits days for its money).
      const since = (await query<{ at: Date }>(app.databaseUrl, 'select now() as at'))[0]?.at;
      // Checkouts start 25 ms apart; the crash lands among them, once the first has been bought:
      // some finished, some half-way, some refused while the process is down.
      const done: number[] = [];
      const inFlight = crowd.map(async (b, i) => {
        await new Promise((r) => setTimeout(r, i * 25));
        const answer = await checkout(b.session, b.addressId, randomUUID(), i % 3 === 0 ? { paymentMethodId: 'pm_card_authenticationRequired' } : { paymentMethodId: 'pm_card_visa' });
        done.push(answer.status);
        return answer;
      });
      for (const stop = Date.now() + 10_000; !done.includes(201) && Date.now() < stop; ) await new Promise((r) => setTimeout(r, 10));
      await app.crash(victim);
      const answered = await Promise.all(inFlight);
      const statuses = answered.map((a) => a.status);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s >= 500).length).toBeGreaterThan(0);
      await app.restart(victim);
      // Payment window 3 s, timers every 200 ms, NATS redelivery: let every checkout reach its end.
      const settled = async () => query<{ state: string; n: number }>(app.databaseUrl, `select state, count(*)::int as n from orders.checkouts where created_at >= $1 group by state order by state`, [since]);
      const deadline = Date.now() + 60_000;
      while ((await settled()).some((r) => r.state === 'pending') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      const states = await settled();
      expect(states.filter((r) => r.state === 'pending')).toEqual([]);
      const mine = await query<{ state: string }>(app.databaseUrl, `select c.state from orders.checkouts c join orders.orders o on o.checkout_id = c.id, jsonb_array_elements(o.lines) l where (l->>'listingId') = $1`, [listingId]);
      // Every checkout answered purchased stays purchased (those waiting for authentication expire).
      const answeredPurchased = answered.filter((a) => a.status === 201 && a.body.data.checkout?.state === 'purchased').length;
      expect(mine.filter((m) => m.state === 'purchased').length).toBeGreaterThanOrEqual(answeredPurchased);
      const checkouts = await query<{ id: string; state: string; charge: number }>(app.databaseUrl, `select id, state, charge_now_cents as charge from orders.checkouts`);
      const payments = await query<{ id: string; status: string; amount: number }>(app.databaseUrl, `select id, status, amount_cents as amount from payments.payments`);
      const paymentOf = new Map(payments.map((p) => [p.id, p]));
      expect(payments.length).toBe(new Set(payments.map((p) => p.id)).size);
      for (const c of checkouts) {
        const p = paymentOf.get(c.id);
        if (c.state === 'purchased') expect([p?.status, p?.amount]).toEqual(['succeeded', c.charge]);
        else expect(p?.status === 'succeeded').toBe(false);
      }
      const bought = await query<{ n: number }>(app.databaseUrl, `select coalesce(sum((l->>'quantity')::int), 0)::int as n from orders.orders o, jsonb_array_elements(o.lines) l where o.state = 'purchased-multi-vendor' and (l->>'listingId') = $1`, [listingId]);
      expect(await stockOf(app.url, listingId)).toBe(100 - (bought[0]?.n ?? -1));
      const held = await query<{ n: number }>(app.databaseUrl, `select count(*)::int as n from catalog.stock_reservations where state = 'reserved' and lines @> $1::jsonb`, [JSON.stringify([{ listingId }])]);
      expect(held[0]?.n).toBe(0);
    }, 180_000);
  }
});
