import sharp from 'sharp';
import { expectAppError } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import { ListingDeleted, ListingPendingApproval, ListingPublished, ListingRejected } from '../events/registry';
import { as, beer, describeCatalog } from '../testing/harness';

describeCatalog('listing transitions (publish, approve, reject, close, open, delete)', (h, { test: it }) => {
  it('publishes a complete draft straight away when the supplier publishes directly, and writes the event', async () => {
    const { client, upload, flush, events } = h();
    const { listing: draft } = await client.createListing({ fields: beer('Hazy Daze IPA'), stockQuantity: 12 }, as.hops);
    const id = draft?.id ?? '';
    const incomplete = await expectAppError(client.publishListing({ id }, as.hops), 'validation-invalid-params');
    expect(incomplete.meta?.fields).toMatchObject({ imageIds: 'validation.imagesRequired' });
    const image = await upload();
    expect(image.variants.map((v) => v.name)).toEqual(['scaled-400', 'scaled-800', 'scaled-1600', 'scaled-2400', 'listing-card', 'listing-card-2x']);
    expect(image.variants.find((v) => v.name === 'listing-card')).toMatchObject({ width: 400, height: 400, url: `/images/${image.id}/listing-card` });
    expect(image.variants.find((v) => v.name === 'scaled-1600')).toMatchObject({ width: 900, height: 600 });
    const withImage = (await client.addListingImage({ id, imageId: image.id }, as.hops)).listing;
    expect(withImage?.images.map((i) => i.id)).toEqual([image.id]);
    const published = (await client.publishListing({ id }, as.hops)).listing;
    expect(published).toMatchObject({ state: 'published', priceCents: 24_000, stockQuantity: 12 });
    expect(published?.publishedAt).not.toBe('');
    await flush();
    expect(events.filter((e) => e.type === ListingPublished.subject && e.aggregateId === id)).toHaveLength(1);
    expect((await client.getListing({ id, recordView: true }, as.anon)).listing?.state).toBe('published');
    await expectAppError(client.publishListing({ id }, as.hops), 'transaction-invalid-transition');
    const bytes = await client.getImageVariant({ imageId: image.id, variant: 'listing-card-2x', format: '' }, as.anon);
    expect(bytes.contentType).toBe('image/jpeg');
    expect((await sharp(Buffer.from(bytes.data)).metadata()).width).toBe(800);
  });

  it('sends a new supplier’s listing to the operator, who approves or rejects it', async () => {
    const { client, upload, flush, events, search } = h();
    const image = await upload(as.vines);
    const wine = catalog.ListingFields.fromPartial({
      listingType: 'product', title: 'Lane Shiraz 2021', description: 'Dark fruit and pepper.', category: 'wine', productType: 'red', style: 'full-bodied',
      attributes: { variety: 'Shiraz', region: 'Heathcote', soilType: 'Cambrian greenstone', vintage: '2021', traditionalOwners: 'Taungurung' },
      pricePackages: [{ packageType: 'bottle', size: 750, unit: 'ml', quantity: 12, priceCents: 28_800, sku: 'SHZ21' }],
      location: { address: 'Heathcote VIC', state: 'VIC', postcode: '3523', lat: 0, lng: 0 }, shippingEnabled: true, imageIds: [image.id],
    });
    const a = (await client.createListing({ fields: wine, stockQuantity: 30 }, as.vines)).listing?.id ?? '';
    const b = (await client.createListing({ fields: wine, stockQuantity: 30 }, as.vines)).listing?.id ?? '';
    expect((await client.publishListing({ id: a }, as.vines)).listing?.state).toBe('pendingApproval');
    expect((await client.publishListing({ id: b }, as.vines)).listing?.state).toBe('pendingApproval');
    await expectAppError(client.getListing({ id: a, recordView: false }, as.buyer), 'not-found');
    expect((await search({ keywords: 'Lane Shiraz' })).listings).toHaveLength(0);
    await expectAppError(client.operatorQueryListings({ state: 'pendingApproval', page: 1, perPage: 10 }, as.hops), 'forbidden');
    await expectAppError(client.approveListing({ id: a }, as.vines), 'forbidden');
    const queue = await client.operatorQueryListings({ state: '', page: 1, perPage: 10 }, as.operator);
    expect(queue.listings.map((l) => l.id)).toEqual(expect.arrayContaining([a, b]));
    expect((await client.approveListing({ id: a }, as.operator)).listing?.state).toBe('published');
    const rejected = (await client.rejectListing({ id: b, reason: 'Add the vintage to the title' }, as.operator)).listing;
    expect(rejected).toMatchObject({ state: 'draft', rejectionReason: 'Add the vintage to the title' });
    await expectAppError(client.approveListing({ id: a }, as.operator), 'transaction-invalid-transition');
    expect((await search({ keywords: 'shiraz' })).listings.map((l) => l.id)).toEqual([a]);
    await flush();
    expect(events.filter((e) => e.type === ListingPendingApproval.subject && e.aggregateId === a)).toHaveLength(1);
    expect(events.filter((e) => e.type === ListingRejected.subject && e.aggregateId === b).map((e) => e.data)).toEqual([
      expect.objectContaining({ listingId: b, reason: 'Add the vintage to the title' }),
    ]);
  });

  it('closes, opens and deletes by the transition table; another supplier can never change the listing', async () => {
    const { client, publishedBeer, flush, events } = h();
    const listing = await publishedBeer('Transition Lager');
    const id = listing.id;
    await expectAppError(client.closeListing({ id }, as.vines), 'forbidden');
    await expectAppError(client.updateListing({ stock: undefined, id, fields: beer('Stolen'), updateMask: ['title'], expectedVersion: 0 }, as.vines), 'forbidden');
    await expectAppError(client.setStock({ id, oldTotal: 10, newTotal: 0 }, as.vines), 'forbidden');
    await expectAppError(client.deleteListing({ id }, as.vines), 'forbidden');
    await expectAppError(client.deleteListing({ id }, as.hops), 'transaction-invalid-transition');
    expect((await client.closeListing({ id }, as.hops)).listing?.state).toBe('closed');
    expect((await client.getListing({ id, recordView: false }, as.anon)).listing?.state).toBe('closed');
    expect((await client.openListing({ id }, as.hops)).listing?.state).toBe('published');
    await client.closeListing({ id }, as.hops);
    await client.deleteListing({ id }, as.hops);
    await expectAppError(client.getListing({ id, recordView: false }, as.anon), 'not-found');
    await expectAppError(client.getOwnListing({ id }, as.hops), 'not-found');
    const draft = (await client.createListing({ fields: beer('Discard me'), stockQuantity: 0 }, as.hops)).listing?.id ?? '';
    await client.deleteListing({ id: draft }, as.hops);
    await expectAppError(client.getOwnListing({ id: draft }, as.hops), 'not-found');
    await flush();
    expect(events.filter((e) => e.type === ListingDeleted.subject && e.aggregateId === id).map((e) => e.data)).toEqual([
      expect.objectContaining({ listingId: id, fromState: 'closed' }),
    ]);
  });

  it('lets a supplier withdraw a listing waiting for approval: DELETE discards it like a draft', async () => {
    const { client, pendingOf, outboxRows } = h();
    const id = await pendingOf(as.vines, 'Withdrawn Riesling');
    await client.deleteListing({ id }, as.vines);
    await expectAppError(client.getOwnListing({ id }, as.vines), 'not-found');
    const queue = await client.operatorQueryListings({ state: 'pendingApproval', page: 1, perPage: 100 }, as.operator);
    expect(queue.listings.map((l) => l.id)).not.toContain(id);
    await expectAppError(client.approveListing({ id }, as.operator), 'not-found');
    expect((await outboxRows(id)).at(-1)).toMatchObject({ type: ListingDeleted.subject, payload: { data: { fromState: 'pendingApproval' } } });
  });
});
