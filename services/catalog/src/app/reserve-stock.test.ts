import pg from 'pg';
import { AppError } from '@caskade/kit';
import { expectAppError, TEST_DATABASE_URL } from '@caskade/kit/testing';
import type { catalog } from '@caskade/proto';
import { MAX_STOCK } from '../domain';
import { StockChanged } from '../events/registry';
import { expireReservations, sweepReservations } from './expire-reservations';
import { as, describeCatalog } from '../testing/harness';

describeCatalog('stock: set by compare-and-set; reserved, committed, released and expired', (h, { test: it }, backend) => {
  const stockOf = async (id: string) => (await h().client.getListing({ id, recordView: false }, as.anon)).listing?.stockQuantity;

  it('sets stock by compare-and-set only', async () => {
    const { client, publishedBeer, flush, events } = h();
    const listing = await publishedBeer('Stock Stout', 20_000, 5);
    expect((await client.setStock({ id: listing.id, oldTotal: 5, newTotal: 8 }, as.hops)).listing?.stockQuantity).toBe(8);
    const stale = await expectAppError(client.setStock({ id: listing.id, oldTotal: 5, newTotal: 9 }, as.hops), 'old-total-mismatch');
    expect(stale.meta).toMatchObject({ currentTotal: 8 });
    await expectAppError(client.setStock({ id: listing.id, oldTotal: 8, newTotal: -1 }, as.hops), 'validation-invalid-params');
    expect((await client.getListing({ id: listing.id, recordView: false }, as.anon)).listing?.stockQuantity).toBe(8);
    await flush();
    const changes = events.filter((e) => e.type === StockChanged.subject && e.aggregateId === listing.id).map((e) => e.data);
    expect(changes).toEqual([expect.objectContaining({ listingId: listing.id, oldQuantity: 5, newQuantity: 8, reason: 'set' })]);
  });

  it('keeps room for held units: stock set high leaves space for every reservation, and a release gives back every unit', async () => {
    const { client, publishedBeer, svc } = h();
    const listing = await publishedBeer('Capped Kolsch', 20_000, 5);
    await client.reserveStock({ reservationId: 'capped-0001', lines: [{ listingId: listing.id, quantity: 3 }], ttlSeconds: 0 }, as.anon);
    await client.reserveStock({ reservationId: 'capped-0002', lines: [{ listingId: listing.id, quantity: 1 }], ttlSeconds: 0 }, as.anon);
    await client.commitReservation({ reservationId: 'capped-0002' }, as.anon);
    // 4 units are held (3 reserved, 1 committed: both may still come back), so MAX_STOCK − 4 is the most.
    for (const newTotal of [MAX_STOCK, MAX_STOCK - 3]) {
      const err = await expectAppError(client.setStock({ id: listing.id, oldTotal: 1, newTotal }, as.hops), 'validation-invalid-params');
      expect(err.meta?.fields).toEqual({ newTotal: 'validation.stockTooHigh' });
    }
    await client.setStock({ id: listing.id, oldTotal: 1, newTotal: MAX_STOCK - 4 }, as.hops);
    await client.releaseReservation({ reservationId: 'capped-0001' }, as.anon);
    // A committed reservation is a bought order's: its units come back through the order's restock, not a release.
    await client.restockQuantity({ restockId: 'capped-order-0002', lines: [{ listingId: listing.id, quantity: 1 }] }, as.anon);
    expect((await client.getOwnListing({ id: listing.id }, as.hops)).listing?.stockQuantity).toBe(MAX_STOCK);
    expect((await client.setStock({ id: listing.id, oldTotal: MAX_STOCK, newTotal: 7 }, as.hops)).listing?.stockQuantity).toBe(7);
    // The database refuses stock above MAX_STOCK as the last guard.
    await expect(svc.db.updateTable('listings').set({ stock_quantity: MAX_STOCK + 1 }).where('id', '=', listing.id).execute()).rejects.toThrow(/listings_stock_max/);
  });

  it('reserves, commits and releases stock, each idempotent by reservation id', async () => {
    const { client, publishedBeer, search } = h();
    const listing = await publishedBeer('Reserve Red', 20_000, 5);
    const stock = () => stockOf(listing.id);
    const line = (quantity: number) => [{ listingId: listing.id, quantity }];
    await expectAppError(client.reserveStock({ reservationId: 'checkout-0001', lines: line(1), ttlSeconds: 0 }, as.hops), 'forbidden');
    const r = (await client.reserveStock({ reservationId: 'checkout-0001', lines: line(3), ttlSeconds: 0 }, as.anon)).reservation;
    expect(r).toMatchObject({ state: 'reserved', lines: line(3) });
    expect(await stock()).toBe(2);
    expect((await client.reserveStock({ reservationId: 'checkout-0001', lines: line(3), ttlSeconds: 0 }, as.anon)).reservation?.state).toBe('reserved');
    expect(await stock()).toBe(2);
    await expectAppError(client.reserveStock({ reservationId: 'checkout-0001', lines: line(1), ttlSeconds: 0 }, as.anon), 'validation-invalid-params');
    const short = await expectAppError(client.reserveStock({ reservationId: 'checkout-0002', lines: line(3), ttlSeconds: 0 }, as.buyer), 'transaction-listing-insufficient-stock');
    expect(short.meta).toMatchObject({ listingId: listing.id, available: 2 });
    await expectAppError(client.commitReservation({ reservationId: 'checkout-0002' }, as.anon), 'not-found');
    expect((await client.releaseReservation({ reservationId: 'checkout-0001' }, as.anon)).reservation?.state).toBe('released');
    expect((await client.releaseReservation({ reservationId: 'checkout-0001' }, as.anon)).reservation?.state).toBe('released');
    expect(await stock()).toBe(5);
    await expectAppError(client.commitReservation({ reservationId: 'checkout-0001' }, as.anon), 'transaction-invalid-transition');
    await client.reserveStock({ reservationId: 'checkout-0003', lines: line(5), ttlSeconds: 0 }, as.anon);
    expect((await client.commitReservation({ reservationId: 'checkout-0003' }, as.anon)).reservation?.state).toBe('committed');
    expect((await client.commitReservation({ reservationId: 'checkout-0003' }, as.anon)).reservation?.state).toBe('committed');
    expect(await stock()).toBe(0);
    expect((await search({ keywords: 'Reserve Red' })).listings).toHaveLength(0);
    await client.closeListing({ id: listing.id }, as.hops);
    await expectAppError(client.reserveStock({ reservationId: 'checkout-0004', lines: line(1), ttlSeconds: 0 }, as.anon), 'transaction-listing-not-found');
  });

  it('lets only the reservation’s owner commit or release it', async () => {
    const { client, publishedBeer } = h();
    const listing = await publishedBeer('Owned Reservation Ale', 20_000, 4);
    const line = [{ listingId: listing.id, quantity: 2 }];
    await client.reserveStock({ reservationId: 'owned-0001', lines: line, ttlSeconds: 0 }, as.buyer);
    await expectAppError(client.releaseReservation({ reservationId: 'owned-0001' }, as.otherBuyer), 'not-found');
    await expectAppError(client.commitReservation({ reservationId: 'owned-0001' }, as.anon), 'not-found');
    await expectAppError(client.reserveStock({ reservationId: 'owned-0001', lines: line, ttlSeconds: 0 }, as.otherBuyer), 'validation-invalid-params');
    expect(await stockOf(listing.id)).toBe(2);
    expect((await client.releaseReservation({ reservationId: 'owned-0001' }, as.buyer)).reservation?.state).toBe('released');
    expect(await stockOf(listing.id)).toBe(4);
  });

  it('releases reservations that outlive their time', async () => {
    const { client, publishedBeer, svc, clock } = h();
    const listing = await publishedBeer('Expiry Ale', 20_000, 4);
    await client.reserveStock({ reservationId: 'checkout-expiring', lines: [{ listingId: listing.id, quantity: 4 }], ttlSeconds: 60 }, as.anon);
    expect(await expireReservations(svc.deps)).toBe(0);
    clock.now += 61_000;
    expect(await expireReservations(svc.deps)).toBe(1);
    expect(await stockOf(listing.id)).toBe(4);
    expect(await expireReservations(svc.deps)).toBe(0);
  });

  it('holds a reserved reservation longer when it is asked again, never shorter, and takes no more stock', async () => {
    const { client, publishedBeer, svc, clock } = h();
    const listing = await publishedBeer('Held Helles', 20_000, 5);
    const line = [{ listingId: listing.id, quantity: 2 }];
    const first = await client.reserveStock({ reservationId: 'held-longer', lines: line, ttlSeconds: 60 }, as.anon);
    clock.now += 50_000;
    // Asked again 50 s on for 10 minutes: held until then (a slow direct debit keeps its stock).
    const again = await client.reserveStock({ reservationId: 'held-longer', lines: line, ttlSeconds: 600 }, as.anon);
    const until = (r: catalog.ReserveStockResponse) => Date.parse(r.reservation?.expiresAt ?? '');
    expect(until(again)).toBe(clock.now + 600_000);
    expect(until(again)).toBeGreaterThan(until(first));
    // A shorter ask leaves it as it is.
    const shorter = await client.reserveStock({ reservationId: 'held-longer', lines: line, ttlSeconds: 30 }, as.anon);
    expect(until(shorter)).toBe(until(again));
    expect(await stockOf(listing.id)).toBe(3);
    clock.now += 60_000;
    expect(await expireReservations(svc.deps)).toBe(0);
    clock.now += 541_000;
    expect(await expireReservations(svc.deps)).toBe(1);
    expect(await stockOf(listing.id)).toBe(5);
  });

  it('answers a retried reserve of a released reservation with 409; a committed one stays idempotent', async () => {
    const { client, publishedBeer, svc, clock } = h();
    const listing = await publishedBeer('Retry Rye', 20_000, 6);
    const line = [{ listingId: listing.id, quantity: 2 }];
    await client.reserveStock({ reservationId: 'retry-expired', lines: line, ttlSeconds: 60 }, as.anon);
    clock.now += 61_000;
    expect(await expireReservations(svc.deps)).toBe(1);
    const err = await expectAppError(client.reserveStock({ reservationId: 'retry-expired', lines: line, ttlSeconds: 60 }, as.anon), 'transaction-invalid-transition');
    expect(err.meta).toMatchObject({ reservation: 'released' });
    await client.reserveStock({ reservationId: 'retry-released', lines: line, ttlSeconds: 0 }, as.anon);
    await client.releaseReservation({ reservationId: 'retry-released' }, as.anon);
    await expectAppError(client.reserveStock({ reservationId: 'retry-released', lines: line, ttlSeconds: 0 }, as.anon), 'transaction-invalid-transition');
    expect(await stockOf(listing.id)).toBe(6);
    await client.reserveStock({ reservationId: 'retry-committed', lines: line, ttlSeconds: 0 }, as.anon);
    await client.commitReservation({ reservationId: 'retry-committed' }, as.anon);
    expect((await client.reserveStock({ reservationId: 'retry-committed', lines: line, ttlSeconds: 0 }, as.anon)).reservation?.state).toBe('committed');
    expect(await stockOf(listing.id)).toBe(4);
  });

  it('refuses to release a committed reservation (a bought order\'s units), and a release before its reserve leaves that reserve nothing to take', async () => {
    const { client, publishedBeer } = h();
    const listing = await publishedBeer('Kept Kellerbier', 20_000, 5);
    const line = [{ listingId: listing.id, quantity: 2 }];
    await client.reserveStock({ reservationId: 'bought-0001', lines: line, ttlSeconds: 0 }, as.anon);
    await client.commitReservation({ reservationId: 'bought-0001' }, as.anon);
    const err = await expectAppError(client.releaseReservation({ reservationId: 'bought-0001' }, as.anon), 'transaction-invalid-transition');
    expect(err.meta).toMatchObject({ reservation: 'committed', reason: 'reservation-committed' });
    expect(await stockOf(listing.id)).toBe(3);
    // The checkout gave up on a reserve that had not arrived yet: the release is recorded, and the late reserve takes nothing.
    expect((await client.releaseReservation({ reservationId: 'late-0001' }, as.anon)).reservation?.state).toBe('released');
    expect((await client.releaseReservation({ reservationId: 'late-0001' }, as.anon)).reservation?.state).toBe('released');
    const late = await expectAppError(client.reserveStock({ reservationId: 'late-0001', lines: line, ttlSeconds: 0 }, as.anon), 'transaction-invalid-transition');
    expect(late.meta).toMatchObject({ reservation: 'released' });
    expect(await stockOf(listing.id)).toBe(3);
    // Another owner's id is still not theirs to release.
    await expectAppError(client.releaseReservation({ reservationId: 'late-0001' }, as.buyer), 'not-found');
  });

  it('sweeps on past an expired reservation that cannot be released', async () => {
    const { client, publishedBeer, svc, clock } = h();
    const listing = await publishedBeer('Sweep Saison', 20_000, 4);
    await svc.db
      .insertInto('stock_reservations')
      .values({ id: 'sweep-bad-row', state: 'reserved', lines: JSON.stringify([{ listingId: 'not-a-uuid', quantity: 1 }]), owner_id: null, expires_at: new Date(clock.now - 1000) })
      .execute();
    await client.reserveStock({ reservationId: 'sweep-good-row', lines: [{ listingId: listing.id, quantity: 3 }], ttlSeconds: 60 }, as.anon);
    clock.now += 61_000;
    expect(await expireReservations(svc.deps)).toBe(1);
    expect(await stockOf(listing.id)).toBe(4);
    const bad = await svc.db.selectFrom('stock_reservations').selectAll().where('id', '=', 'sweep-bad-row').executeTakeFirstOrThrow();
    expect(bad.state).toBe('reserved');
    expect(new Date(bad.expires_at ?? 0).getTime()).toBeGreaterThan(clock.now);
    await svc.db.deleteFrom('stock_reservations').where('id', '=', 'sweep-bad-row').execute();
  });

  // Row locks held by another connection, and real concurrency, exist on PostgreSQL only (PGlite has one connection).
  if (backend === 'postgres') {
    it('does not sweep again at once when a full batch released nothing (rows locked elsewhere)', async () => {
      const { client, publishedBeer, svc, clock, schema } = h();
      const listing = await publishedBeer('Locked Lager', 20_000, 4);
      await client.reserveStock({ reservationId: 'sweep-locked-row', lines: [{ listingId: listing.id, quantity: 1 }], ttlSeconds: 60 }, as.anon);
      clock.now += 61_000;
      const other = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
      await other.connect();
      try {
        // Another replica holds the one due row: the sweep skips it and must not ask to run again at once.
        await other.query('begin');
        await other.query(`select id from stock_reservations where id = 'sweep-locked-row' for update`);
        expect(await sweepReservations(svc.deps, 1)).toEqual({ released: 0, due: 1, more: false });
        await other.query('rollback');
        expect(await sweepReservations(svc.deps, 1)).toEqual({ released: 1, due: 1, more: true });
      } finally {
        await other.end();
      }
    });

    it('200 concurrent reservations of 1 unit for 10 in stock: exactly 10 succeed, stock ends at 0', async () => {
      const { client, publishedBeer, svc } = h();
      const { id } = await publishedBeer('Race Lager', 6_000, 10);
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          client.reserveStock({ reservationId: `race-${id}-${i}`, lines: [{ listingId: id, quantity: 1 }], ttlSeconds: 0 }, as.anon, { deadlineMs: 30_000 }),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(10);
      expect(lost).toHaveLength(190);
      expect(new Set(lost.map((r) => (r.reason instanceof AppError ? r.reason.code : String(r.reason))))).toEqual(new Set(['transaction-listing-insufficient-stock']));
      const row = await svc.db.selectFrom('listings').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.stock_quantity).toBe(0);
      const reserved = await svc.db.selectFrom('stock_reservations').select('id').where('state', '=', 'reserved').where('id', 'like', `race-${id}-%`).execute();
      expect(reserved).toHaveLength(10);
      // The CHECK constraint is the last guard: stock can never be written below zero.
      await expect(svc.db.updateTable('listings').set({ stock_quantity: -1 }).where('id', '=', id).execute()).rejects.toThrow(/check/i);
    }, 60_000);

    it('the same reservation id sent 20 times at once reserves once', async () => {
      const { client, publishedBeer } = h();
      const { id } = await publishedBeer('Duplicate Dunkel', 6_000, 5);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => client.reserveStock({ reservationId: `dup-${id}`, lines: [{ listingId: id, quantity: 2 }], ttlSeconds: 0 }, as.anon, { deadlineMs: 30_000 })),
      );
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 'fulfilled'));
      expect(await stockOf(id)).toBe(3);
    }, 60_000);

    it('two compare-and-set writers with the same old total: one wins, the other gets old-total-mismatch', async () => {
      const { client, publishedBeer, svc } = h();
      const { id } = await publishedBeer('Contended Cider', 6_000, 10);
      let total = 10;
      for (let round = 0; round < 25; round++) {
        const results = await Promise.allSettled([
          client.setStock({ id, oldTotal: total, newTotal: total + 5 }, as.hops),
          client.setStock({ id, oldTotal: total, newTotal: total + 7 }, as.hops),
        ]);
        const won = results.filter((r): r is PromiseFulfilledResult<catalog.SetStockResponse> => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]?.reason instanceof AppError ? lost[0].reason.code : lost[0]?.reason).toBe('old-total-mismatch');
        const next = won[0]?.value.listing?.stockQuantity ?? -1;
        expect([total + 5, total + 7]).toContain(next);
        total = next;
      }
      const row = await svc.db.selectFrom('listings').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.stock_quantity).toBe(total);
    }, 60_000);
  }
});
