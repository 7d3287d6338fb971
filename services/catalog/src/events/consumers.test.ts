import { randomUUID } from 'node:crypto';
import { expectAppError } from '@caskade/kit/testing';
import { UserDeleted, UserProfileChanged } from '@caskade/identity/events';
import { ListingRejected } from './registry';
import { ACCOUNT_DELETED } from './user-deleted-consumer';
import { as, beer, describeCatalog, ids, type CatalogHarness } from '../testing/harness';

/** Polls `read` every 20 ms until it answers `want` (at most 2 s): consumers run after the bus delivers. */
async function until<T>(read: () => Promise<T>, want: T): Promise<T> {
  let got = await read();
  for (let i = 0; i < 100 && got !== want; i++) {
    await new Promise((r) => setTimeout(r, 20));
    got = await read();
  }
  return got;
}

const deleted = (h: CatalogHarness, userId: string) =>
  h.bus.publish({ id: randomUUID(), type: UserDeleted.subject, occurredAt: new Date().toISOString(), aggregateId: userId, aggregateVersion: 1, data: { userId } });

describeCatalog('identity events: supplier renamed, account deleted', (h, { test: it }) => {
  it('follows a supplier’s rename onto the brand page, listings and search; a late older rename changes nothing', async () => {
    const { client, publishedBeer, search, bus } = h();
    const tag = `zr${Date.now().toString(36)}`;
    const listing = await publishedBeer(`${tag} Rename Red`);
    const renamed = async (brandName: string, version: number) => {
      await bus.publish({
        id: randomUUID(), type: UserProfileChanged.subject, occurredAt: new Date().toISOString(), aggregateId: ids.hops, aggregateVersion: version,
        data: { userId: ids.hops, role: 'supplier', displayName: 'Sam Brewer', brandName },
      });
    };
    const brandName = async () => (await client.getBrand({ id: ids.hops }, as.anon)).brand?.brandName;
    await renamed('Quenda Ales', 1_000);
    expect(await until(brandName, 'Quenda Ales')).toBe('Quenda Ales');
    expect((await client.getListing({ id: listing.id, recordView: false }, as.anon)).listing?.author?.brandName).toBe('Quenda Ales');
    expect((await search({ keywords: `quenda ${tag}` })).listings.map((l) => l.id)).toEqual([listing.id]);
    // An older version delivered late, then a redelivery of the newest: both leave the names alone.
    await renamed(`Stale ${tag}`, 999);
    await renamed('Quenda Ales', 1_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(await brandName()).toBe('Quenda Ales');
    // A newer version applies again.
    await renamed('Hop Hill Brewing', 1_001);
    expect(await until(brandName, 'Hop Hill Brewing')).toBe('Hop Hill Brewing');
  });

  it('takes a deleted supplier’s pending listings out of the operator queue and never approves them', async () => {
    const harness = h();
    const { client, svc, pendingOf, outboxRows } = harness;
    const pending = await pendingOf(as.quitter, 'Last Call Lambic');
    const raced = await pendingOf(as.quitter, 'Late Approval Ale');
    // An approval racing the deletion: the brand is already hidden when the operator approves.
    await svc.db.updateTable('brands').set({ hidden: true }).where('id', '=', ids.quitter).execute();
    const refused = await expectAppError(client.approveListing({ id: raced }, as.operator), 'transaction-invalid-transition');
    expect(refused.meta).toMatchObject({ reason: 'supplier-deleted' });
    await deleted(harness, ids.quitter);
    const stateOf = async (id: string) => (await client.getOwnListing({ id }, as.quitter)).listing?.state;
    expect(await until(() => stateOf(pending), 'draft')).toBe('draft');
    expect(await stateOf(raced)).toBe('draft');
    const queue = await client.operatorQueryListings({ state: 'pendingApproval', page: 1, perPage: 100 }, as.operator);
    expect(queue.listings.map((l) => l.id)).not.toContain(pending);
    expect(queue.listings.map((l) => l.id)).not.toContain(raced);
    await expectAppError(client.approveListing({ id: pending }, as.operator), 'transaction-invalid-transition');
    expect((await outboxRows(pending)).at(-1)).toMatchObject({ type: ListingRejected.subject, payload: { data: { reason: ACCOUNT_DELETED } } });
  });

  it('closes a deleted supplier’s listings and hides the brand', async () => {
    const harness = h();
    const { client, upload } = harness;
    const farewell = as.farewell;
    const image = await upload(farewell);
    const draft = (await client.createListing({ fields: beer('Farewell Porter', 24_000, { imageIds: [image.id] }), stockQuantity: 10 }, farewell)).listing?.id ?? '';
    expect((await client.publishListing({ id: draft }, farewell)).listing?.state).toBe('published');
    await deleted(harness, ids.farewell);
    const stateOf = async () => (await client.getListing({ id: draft, recordView: false }, as.anon)).listing?.state;
    expect(await until(stateOf, 'closed')).toBe('closed');
    await expectAppError(client.getBrand({ id: ids.farewell }, as.anon), 'not-found');
    // A listing write in flight when the deletion was processed does not show the brand again.
    await client.createListing({ fields: beer('Too Late Lager'), stockQuantity: 1 }, farewell);
    await client.updateListing({ stock: undefined, id: draft, fields: beer('Farewell Porter Renamed'), updateMask: ['title'], expectedVersion: 0 }, farewell);
    await expectAppError(client.getBrand({ id: ids.farewell }, as.anon), 'not-found');
  });
});
