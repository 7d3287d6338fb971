import { expectAppError } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import { as, beer, describeCatalog, ids } from '../testing/harness';

describeCatalog('create and duplicate listings', (h, { test: it }) => {
  it('creates an incomplete draft that only its owner can see', async () => {
    const { client } = h();
    const { listing } = await client.createListing({ fields: catalog.ListingFields.fromPartial({ title: 'Crème Brûlée Stout!' }), stockQuantity: 0 }, as.hops);
    expect(listing).toMatchObject({ state: 'draft', slug: 'creme-brulee-stout', author: { id: ids.hops, brandName: 'Hop Hill Brewing' } });
    const id = listing?.id ?? '';
    expect((await client.getOwnListing({ id }, as.hops)).listing?.id).toBe(id);
    await expectAppError(client.getListing({ id, recordView: false }, as.operator), 'not-found');
    await expectAppError(client.operatorQueryListings({ state: 'draft', page: 1, perPage: 10 }, as.operator), 'validation-invalid-params');
    await expectAppError(client.getOwnListing({ id }, as.vines), 'not-found');
    await expectAppError(client.getListing({ id, recordView: false }, as.anon), 'not-found');
    await expectAppError(client.getListing({ id, recordView: false }, as.buyer), 'not-found');
    await expectAppError(client.updateListing({ stock: undefined, id, fields: beer('Mine now'), updateMask: ['title'], expectedVersion: 0 }, as.vines), 'not-found');
    const own = await client.queryOwnListings({ page: 1, perPage: 0, state: '' }, as.hops);
    expect(own.listings.map((l) => l.id)).toContain(id);
    expect(own.pagination?.perPage).toBe(42);
  });

  it('refuses listing writes from anyone but a supplier', async () => {
    const { client } = h();
    await expectAppError(client.createListing({ fields: beer('Nope'), stockQuantity: 0 }, as.anon), 'auth-unauthenticated');
    await expectAppError(client.createListing({ fields: beer('Nope'), stockQuantity: 0 }, as.buyer), 'forbidden');
    await expectAppError(client.createListing({ fields: beer('Nope'), stockQuantity: 0 }, as.operator), 'forbidden');
    await expectAppError(client.queryOwnListings({ page: 1, perPage: 10, state: '' }, as.buyer), 'forbidden');
  });

  it('answers each listing rule with its field and message key', async () => {
    const { client } = h();
    const bad = beer('Bad', 0, {
      category: 'spirit', productType: 'ale', style: 'pale-ale',
      attributes: { juniper: 11, citrus: 2 },
      pricePackages: [
        { packageType: 'keg', size: 25, unit: 'L', quantity: 1, priceCents: 0, sku: '' },
        { packageType: 'can', size: 375, unit: 'ml', quantity: 24, priceCents: 7200, sku: '' },
        { packageType: 'services', size: 0, unit: '', quantity: 1, priceCents: 100, sku: '' },
      ],
    });
    const err = await expectAppError(client.createListing({ fields: bad, stockQuantity: -1 }, as.hops), 'validation-invalid-params');
    expect(err.meta?.fields).toMatchObject({ stockQuantity: 'validation.stockInvalid' });
    const err2 = await expectAppError(client.createListing({ fields: bad, stockQuantity: 0 }, as.hops), 'validation-invalid-params');
    expect(err2.meta?.fields).toMatchObject({
      productType: 'validation.productTypeInvalid',
      style: 'validation.styleInvalid',
      'attributes.juniper': 'validation.attributeAboveTen',
      'attributes.floral': 'validation.attributesIncomplete',
      'pricePackages.0.size': 'validation.packageSizeInvalid',
      'pricePackages.0.priceCents': 'validation.priceAboveZero',
      'pricePackages.2.packageType': 'validation.packageTypeInvalid',
    });
    expect(err2.meta?.fields).not.toHaveProperty(['pricePackages.1.size']);
  });

  it('duplicates a listing as a draft with the same fields and images and no stock', async () => {
    const { client, publishedBeer } = h();
    const source = await publishedBeer('Duplicate Pils', 19_900, 40);
    const copy = (await client.duplicateListing({ id: source.id }, as.hops)).listing;
    expect(copy).toMatchObject({ state: 'draft', stockQuantity: 0, priceCents: 19_900, slug: 'duplicate-pils' });
    expect(copy?.id).not.toBe(source.id);
    expect(copy?.images.map((i) => i.id)).toEqual(source.images.map((i) => i.id));
    expect(copy?.fields?.attributes).toEqual(source.fields?.attributes);
    await expectAppError(client.duplicateListing({ id: source.id }, as.vines), 'forbidden');
  });
});
