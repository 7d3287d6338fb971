import { expectAppError } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import { ListingDeleted, ListingPendingApproval, ListingUpdated, StockChanged } from '../events/registry';
import { as, beer, describeCatalog, ids } from '../testing/harness';

describeCatalog('update listings (fields, photos) and their events', (h, { test: it }) => {
  it('updates only the masked fields and keeps a live listing publishable', async () => {
    const { client, publishedBeer, upload } = h();
    const listing = await publishedBeer('Update Ale');
    const out = await client.updateListing({ stock: undefined, id: listing.id, fields: beer('Updated Ale', 1), updateMask: ['title'], expectedVersion: listing.version }, as.hops);
    expect(out.listing).toMatchObject({ slug: 'updated-ale', priceCents: 24_000 });
    const err = await expectAppError(
      client.updateListing({ stock: undefined, id: listing.id, fields: catalog.ListingFields.fromPartial({ pricePackages: [] }), updateMask: ['pricePackages'], expectedVersion: 0 }, as.hops),
      'validation-invalid-params',
    );
    expect(err.meta?.fields).toMatchObject({ pricePackages: 'validation.pricePackagesRequired' });
    await expectAppError(client.updateListing({ stock: undefined, id: listing.id, fields: beer('x'), updateMask: ['title'], expectedVersion: listing.version }, as.hops), 'transaction-invalid-transition');
    await expectAppError(client.updateListing({ stock: undefined, id: listing.id, fields: beer('x'), updateMask: ['listingType'], expectedVersion: 0 }, as.hops), 'validation-invalid-params');
    const foreign = await upload(as.vines);
    const stolen = await expectAppError(
      client.updateListing({ stock: undefined, id: listing.id, fields: beer('x', 1, { imageIds: [foreign.id] }), updateMask: ['imageIds'], expectedVersion: 0 }, as.hops),
      'validation-invalid-params',
    );
    expect(stolen.meta?.fields).toMatchObject({ imageIds: 'validation.imageNotFound' });
  });

  it('writes catalog.listing.updated with each edit, photo and duplicate, and catalog.listing.deleted with a discard', async () => {
    const { client, publishedBeer, upload, outboxRows } = h();
    const listing = await publishedBeer('Outbox Oatmeal Stout');
    const edited = (await client.updateListing({ stock: undefined, id: listing.id, fields: beer('Outbox Oat Stout'), updateMask: ['title'], expectedVersion: listing.version }, as.hops)).listing;
    const photo = await upload();
    await client.addListingImage({ id: listing.id, imageId: photo.id }, as.hops);
    const reordered = [photo.id, ...(edited?.images.map((i) => i.id) ?? [])];
    const final = (await client.updateListing({ stock: undefined, id: listing.id, fields: beer('x', 1, { imageIds: reordered }), updateMask: ['imageIds'], expectedVersion: 0 }, as.hops)).listing;
    // The listing page's read (one statement with the photos and the author's name) shows what the editor's answer shows.
    const shown = (await client.getListing({ id: listing.id, recordView: false }, as.anon)).listing;
    expect(shown?.images.map((i) => i.id)).toEqual(reordered);
    expect(shown?.author).toEqual({ id: ids.hops, brandName: 'Hop Hill Brewing', displayName: 'Sam Brewer' });
    expect(shown).toEqual(final);
    const updates = (await outboxRows(listing.id)).filter((r) => r.type === ListingUpdated.subject).map((r) => r.payload.data);
    expect(updates).toEqual([
      expect.objectContaining({ listingId: listing.id, authorId: ids.hops, state: 'published', title: 'Outbox Oat Stout', changedFields: ['title'] }),
      expect.objectContaining({ changedFields: ['imageIds'] }),
      expect.objectContaining({ changedFields: ['imageIds'], imageIds: reordered }),
    ]);
    expect(updates[0]?.isDuplicate ?? false).toBe(false);
    const copy = (await client.duplicateListing({ id: listing.id }, as.hops)).listing?.id ?? '';
    expect((await outboxRows(copy)).map((r) => [r.type, r.payload.data.isDuplicate, r.payload.data.sourceListingId])).toEqual([[ListingUpdated.subject, true, listing.id]]);
    await client.deleteListing({ id: copy }, as.hops);
    expect((await outboxRows(copy)).map((r) => r.type)).toEqual([ListingUpdated.subject, ListingDeleted.subject]);
    expect((await outboxRows(copy))[1]?.payload.data).toMatchObject({ listingId: copy, fromState: 'draft' });
  });

  it('sends an edit of a live listing back for approval when the supplier may not publish directly', async () => {
    const { client, pendingOf, publishedBeer, outboxRows } = h();
    const id = await pendingOf(as.vines, 'Reviewed Rose');
    expect((await client.approveListing({ id }, as.operator)).listing?.state).toBe('published');
    const edited = (await client.updateListing({ stock: undefined, id, fields: beer('Unreviewed Rose'), updateMask: ['title'], expectedVersion: 0 }, as.vines)).listing;
    expect(edited).toMatchObject({ state: 'pendingApproval', fields: { title: 'Unreviewed Rose' } });
    await expectAppError(client.getListing({ id, recordView: false }, as.anon), 'not-found');
    expect((await outboxRows(id)).slice(-2).map((r) => r.type)).toEqual([ListingUpdated.subject, ListingPendingApproval.subject]);
    expect((await client.approveListing({ id }, as.operator)).listing?.state).toBe('published');
    // A supplier who publishes directly keeps the listing live.
    const own = await publishedBeer('Trusted Tripel');
    expect((await client.updateListing({ stock: undefined, id: own.id, fields: beer('Trusted Tripel II'), updateMask: ['title'], expectedVersion: 0 }, as.hops)).listing?.state).toBe('published');
  });

  it('changes nothing for an update whose values equal the stored ones: a live listing stays live, no event, no version bump', async () => {
    const { client, pendingOf, outboxRows } = h();
    const id = await pendingOf(as.vines, 'Unchanged Chardonnay');
    const approved = (await client.approveListing({ id }, as.operator)).listing as catalog.Listing;
    expect(approved.state).toBe('published');
    const rows = (await outboxRows(id)).length;
    // The editor's pricing step sends the packages back as they are; other steps send unchanged fields too.
    const same = beer('Unchanged Chardonnay', 20_000, { imageIds: approved.fields?.imageIds ?? [] });
    const untouched = (await client.updateListing({ stock: undefined, id, fields: same, updateMask: ['pricePackages'], expectedVersion: approved.version }, as.vines)).listing;
    expect(untouched).toMatchObject({ state: 'published', version: approved.version });
    const all = ['title', 'description', 'category', 'productType', 'style', 'attributes', 'pricePackages', 'location', 'pickupEnabled', 'shippingEnabled', 'imageIds'];
    expect((await client.updateListing({ stock: undefined, id, fields: same, updateMask: all, expectedVersion: 0 }, as.vines)).listing).toMatchObject({ state: 'published', version: approved.version });
    await client.addListingImage({ id, imageId: approved.fields?.imageIds[0] ?? '' }, as.vines);
    await client.setStock({ id, oldTotal: 5, newTotal: 6 }, as.vines);
    expect((await client.getListing({ id, recordView: false }, as.anon)).listing).toMatchObject({ state: 'published', version: approved.version });
    expect((await outboxRows(id)).slice(rows).map((r) => r.type)).toEqual([StockChanged.subject]);
    // A real change among unchanged fields goes back for approval and names only what changed.
    const edited = (await client.updateListing({ stock: undefined, id, fields: { ...same, title: 'Changed Chardonnay' }, updateMask: ['title', 'pricePackages'], expectedVersion: 0 }, as.vines)).listing;
    expect(edited).toMatchObject({ state: 'pendingApproval', version: approved.version + 1 });
    expect((await outboxRows(id)).slice(rows + 1).map((r) => [r.type, r.payload.data.changedFields])).toEqual([
      [ListingUpdated.subject, ['title']], [ListingPendingApproval.subject, undefined],
    ]);
  });

  it('leaves the listing version alone on stock changes: an edit with the version read before a reservation succeeds', async () => {
    const { client, publishedBeer } = h();
    const listing = await publishedBeer('Version Vienna', 20_000, 10);
    const line = [{ listingId: listing.id, quantity: 2 }];
    await client.reserveStock({ reservationId: 'version-0001', lines: line, ttlSeconds: 0 }, as.anon);
    await client.reserveStock({ reservationId: 'version-0002', lines: line, ttlSeconds: 0 }, as.anon);
    await client.commitReservation({ reservationId: 'version-0001' }, as.anon);
    await client.releaseReservation({ reservationId: 'version-0002' }, as.anon);
    await client.setStock({ id: listing.id, oldTotal: 8, newTotal: 9 }, as.hops);
    const now = (await client.getOwnListing({ id: listing.id }, as.hops)).listing;
    expect(now).toMatchObject({ stockQuantity: 9, version: listing.version });
    const out = await client.updateListing({ stock: undefined, id: listing.id, fields: beer('Version Vienna Lager'), updateMask: ['title'], expectedVersion: listing.version }, as.hops);
    expect(out.listing).toMatchObject({ version: listing.version + 1, stockQuantity: 9 });
  });
});
