import { expectAppError } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import { as, describeCatalog, ids } from '../testing/harness';

describeCatalog('brand pages and the sitemap', (h, { test: it }) => {
  it('keeps brand pages: collections at most four and unique, images the supplier’s own', async () => {
    const { client, upload, publishedBeer } = h();
    const live = await publishedBeer('Brand Page Bitter');
    const logo = await upload();
    const brand = (await client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({
      description: 'Small-batch ales from Healesville.', deliveryNotes: 'Melbourne metro Tuesdays', collections: ['Core', 'Seasonal'], setCollections: true, logoImageId: logo.id,
    }), as.hops)).brand;
    expect(brand).toMatchObject({ brandName: 'Hop Hill Brewing', collections: ['Core', 'Seasonal'], logo: { id: logo.id } });
    const err = await expectAppError(client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({ collections: ['A', 'a '], setCollections: true }), as.hops), 'validation-invalid-params');
    expect(err.meta?.fields).toMatchObject({ collections: 'validation.collectionsNotUnique' });
    await expectAppError(client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({ collections: ['A', 'B', 'C', 'D', 'E'], setCollections: true }), as.hops), 'validation-invalid-params');
    await expectAppError(client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({ logoImageId: (await upload(as.vines)).id }), as.hops), 'validation-invalid-params');
    await expectAppError(client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({}), as.buyer), 'forbidden');
    const page = (await client.getBrand({ id: ids.hops }, as.anon)).brand;
    expect(page?.publishedListings).toBe(1);
    expect((await client.listBrands({}, as.anon)).brands.map((b) => b.id)).toEqual([ids.hops]);
    await expectAppError(client.getBrand({ id: ids.buyer }, as.anon), 'not-found');
    const sitemap = await client.listSitemapEntries({ limit: 0 }, as.anon);
    expect(sitemap.entries.map((e) => [e.kind, e.id])).toEqual([['brand', ids.hops], ['listing', live.id]]);
  });
});
