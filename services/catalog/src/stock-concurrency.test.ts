import sharp from 'sharp';
import { AppError, type CallContext, type PromiseClient } from '@caskade/kit';
import { describeWithServices, postgresService } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import type { CatalogService } from './index';
import { startCatalogHarness, type CatalogHarness } from './testing/harness';
const supplierId = '55555555-5555-4555-8555-555555555555';
const supplier: CallContext = { requestId: 'race', caller: { userId: supplierId, role: 'supplier', scopes: [] } };
const checkout: CallContext = { requestId: 'race', caller: null };

/** Stock under contention, on a real PostgreSQL server (row locks, a connection pool, real concurrency). */
describeWithServices('catalog stock concurrency (PostgreSQL)', [postgresService()], ({ beforeAll, afterAll, test }) => {
  let h: CatalogHarness;
  let svc: CatalogService;
  let client: PromiseClient<typeof catalog.CatalogServiceService>;

  beforeAll(async () => {
    h = await startCatalogHarness('postgres', {
      schemaPrefix: 'catalog_race',
      directory: { currentSupplier: async () => ({ id: supplierId, brandName: 'Race Brewing', displayName: 'Rae Cer', published: true }) },
    });
    ({ svc, client } = h);
  }, 60_000);

  afterAll(async () => {
    await h.stop();
  });

  async function listingWithStock(stock: number): Promise<string> {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } }).png().toBuffer();
    const image = (await client.uploadImage({ data: png, fileName: 'x.png' }, supplier)).image;
    const fields = catalog.ListingFields.fromPartial({
      listingType: 'product', title: 'Race Lager', description: 'Contended.', category: 'beer', productType: 'lager', style: 'pilsner',
      pricePackages: [{ packageType: 'can', size: 375, unit: 'ml', quantity: 24, priceCents: 6000, sku: '' }],
      location: { address: 'Melbourne VIC', state: 'VIC', postcode: '3000', lat: 0, lng: 0 }, pickupEnabled: true, imageIds: [image?.id ?? ''],
    });
    const { listing } = await client.createListing({ fields, stockQuantity: stock }, supplier);
    await client.publishListing({ id: listing?.id ?? '' }, supplier);
    return listing?.id ?? '';
  }

  test('200 concurrent reservations of 1 unit for 10 in stock: exactly 10 succeed, stock ends at 0', async () => {
    const id = await listingWithStock(10);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        client.reserveStock({ reservationId: `race-${id}-${i}`, lines: [{ listingId: id, quantity: 1 }], ttlSeconds: 0 }, checkout, { deadlineMs: 30_000 }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(190);
    expect(lost.every((r) => r.reason instanceof AppError && r.reason.code === 'transaction-listing-insufficient-stock')).toBe(true);
    const row = await svc.db.selectFrom('listings').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.stock_quantity).toBe(0);
    const reserved = await svc.db.selectFrom('stock_reservations').select('id').where('state', '=', 'reserved').where('id', 'like', `race-${id}-%`).execute();
    expect(reserved).toHaveLength(10);
    // The CHECK constraint is the last guard: stock can never be written below zero.
    await expect(svc.db.updateTable('listings').set({ stock_quantity: -1 }).where('id', '=', id).execute()).rejects.toThrow(/check/i);
  }, 60_000);

  test('the same reservation id sent 20 times at once reserves once', async () => {
    const id = await listingWithStock(5);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => client.reserveStock({ reservationId: `dup-${id}`, lines: [{ listingId: id, quantity: 2 }], ttlSeconds: 0 }, checkout, { deadlineMs: 30_000 })),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const row = await svc.db.selectFrom('listings').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.stock_quantity).toBe(3);
  }, 60_000);

  test('two compare-and-set writers with the same old total: one wins, the other gets old-total-mismatch', async () => {
    const id = await listingWithStock(10);
    let total = 10;
    for (let round = 0; round < 25; round++) {
      const results = await Promise.allSettled([
        client.setStock({ id, oldTotal: total, newTotal: total + 5 }, supplier),
        client.setStock({ id, oldTotal: total, newTotal: total + 7 }, supplier),
      ]);
      const won = results.filter((r): r is PromiseFulfilledResult<catalog.SetStockResponse> => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0]?.reason as AppError).code).toBe('old-total-mismatch');
      const next = won[0]?.value.listing?.stockQuantity ?? -1;
      expect([total + 5, total + 7]).toContain(next);
      total = next;
    }
    const row = await svc.db.selectFrom('listings').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.stock_quantity).toBe(total);
  }, 60_000);
});
