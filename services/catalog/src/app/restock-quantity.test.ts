import { expectAppError } from '@caskade/kit/testing';
import { StockChanged } from '../events/registry';
import { as, describeCatalog } from '../testing/harness';

describeCatalog('restock-quantity: a canceled order’s units go back once per restock id', (h, { test: it }) => {
  const stockOf = async (id: string) => (await h().client.getOwnListing({ id }, as.hops)).listing?.stockQuantity;
  /** The restock's stock changes as [listing id, old, new, reason] (a zero quantity travels as absent). */
  const restockEvents = async (restockId: string) => {
    await h().flush();
    return h().events
      .filter((e) => e.type === StockChanged.subject)
      .map((e) => e.data as { listingId: string; oldQuantity?: number; newQuantity?: number; reason: string; reservationId: string })
      .filter((d) => d.reservationId === restockId)
      .map((d) => [d.listingId, d.oldQuantity ?? 0, d.newQuantity ?? 0, d.reason]);
  };

  it('adds each line back to the current stock once; the retry changes nothing', async () => {
    const { client, publishedBeer } = h();
    const ale = await publishedBeer('Restock Ale', 20_000, 5);
    const lager = await publishedBeer('Restock Lager', 20_000, 0);
    const restockId = '0b7a4c1e-1111-4aaa-8aaa-000000000001';
    const lines = [{ listingId: ale.id, quantity: 2 }, { listingId: lager.id, quantity: 3 }, { listingId: ale.id, quantity: 1 }];
    expect(await client.restockQuantity({ restockId, lines }, as.anon)).toEqual({ applied: true });
    expect([await stockOf(ale.id), await stockOf(lager.id)]).toEqual([8, 3]);
    expect(await client.restockQuantity({ restockId, lines }, as.anon)).toEqual({ applied: false });
    expect([await stockOf(ale.id), await stockOf(lager.id)]).toEqual([8, 3]);
    expect((await restockEvents(restockId)).sort()).toEqual([[ale.id, 5, 8, 'restocked'], [lager.id, 0, 3, 'restocked']].sort());
    // Back in stock, the sold-out listing is found by search again.
    expect((await h().search({ keywords: 'Restock Lager' })).listings.map((l) => l.id)).toEqual([lager.id]);
  });

  it('skips a listing that is unknown or deleted and restocks the others', async () => {
    const { client, publishedBeer } = h();
    const kept = await publishedBeer('Restock Kept Porter', 20_000, 1);
    const gone = await publishedBeer('Restock Gone Porter', 20_000, 1);
    await client.closeListing({ id: gone.id }, as.hops);
    await client.deleteListing({ id: gone.id }, as.hops);
    const unknown = '9d9d9d9d-9d9d-4d9d-8d9d-9d9d9d9d9d9d';
    const restockId = '0b7a4c1e-1111-4aaa-8aaa-000000000002';
    const lines = [{ listingId: unknown, quantity: 4 }, { listingId: gone.id, quantity: 2 }, { listingId: kept.id, quantity: 2 }];
    expect(await client.restockQuantity({ restockId, lines }, as.anon)).toEqual({ applied: true });
    expect(await stockOf(kept.id)).toBe(3);
    expect(await restockEvents(restockId)).toEqual([[kept.id, 1, 3, 'restocked']]);
    expect(await client.restockQuantity({ restockId, lines }, as.anon)).toEqual({ applied: false });
  });

  it('concurrent calls with one restock id apply it once', async () => {
    const { client, publishedBeer } = h();
    const listing = await publishedBeer('Restock Race Red', 20_000, 2);
    const restockId = '0b7a4c1e-1111-4aaa-8aaa-000000000003';
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.restockQuantity({ restockId, lines: [{ listingId: listing.id, quantity: 5 }] }, as.anon)));
    expect(answers.filter((a) => a.applied)).toHaveLength(1);
    expect(await stockOf(listing.id)).toBe(7);
    expect(await restockEvents(restockId)).toHaveLength(1);
  });

  it('is for the orders service only, and refuses bad input or another body under a used id, changing nothing', async () => {
    const { client, publishedBeer } = h();
    const listing = await publishedBeer('Restock Guarded Gose', 20_000, 4);
    const restockId = '0b7a4c1e-1111-4aaa-8aaa-000000000004';
    const lines = [{ listingId: listing.id, quantity: 1 }];
    for (const ctx of [as.buyer, as.hops, as.operator]) await expectAppError(client.restockQuantity({ restockId, lines }, ctx), 'forbidden');
    await expectAppError(client.restockQuantity({ restockId: 'x', lines }, as.anon), 'validation-invalid-params');
    await expectAppError(client.restockQuantity({ restockId, lines: [] }, as.anon), 'validation-invalid-params');
    await expectAppError(client.restockQuantity({ restockId, lines: [{ listingId: listing.id, quantity: 0 }] }, as.anon), 'validation-invalid-params');
    await expectAppError(client.restockQuantity({ restockId, lines: [{ listingId: 'not-a-uuid', quantity: 1 }] }, as.anon), 'validation-invalid-params');
    expect(await stockOf(listing.id)).toBe(4);
    expect(await client.restockQuantity({ restockId, lines }, as.anon)).toEqual({ applied: true });
    await expectAppError(client.restockQuantity({ restockId, lines: [{ listingId: listing.id, quantity: 2 }] }, as.anon), 'validation-invalid-params');
    expect(await stockOf(listing.id)).toBe(5);
  });
});
