import { expectAppError } from '@caskade/kit/testing';
import { as, describeCatalog } from '../testing/harness';

describeCatalog('record-listing-views: page views the gateway answered from its cache (docs/decisions/064)', (h, { test: it }) => {
  it('adds the reported views to the same counter a read counts into, written with the next batch', async () => {
    const { client, publishedBeer, svc } = h();
    const listing = await publishedBeer('Reported Rauchbier');
    const views = async () => (await svc.db.selectFrom('listing_page_views').select('views').where('listing_id', '=', listing.id).execute()).map((r) => r.views);
    await client.getListing({ id: listing.id, recordView: true }, as.anon);
    expect(await client.recordListingViews({ views: [{ listingId: listing.id, views: 4 }, { listingId: listing.id.toUpperCase(), views: 2 }] }, as.anon)).toEqual({});
    expect(await views()).toEqual([]);
    await svc.deps.pageViews.flush();
    expect(await views()).toEqual([7]);
    expect(await client.recordListingViews({ views: [{ listingId: listing.id, views: 0 }] }, as.anon)).toEqual({});
    await svc.deps.pageViews.flush();
    expect(await views()).toEqual([7]);
  });

  it('is a service call only, and refuses ids that are not listing ids', async () => {
    const { client, publishedBeer } = h();
    const listing = await publishedBeer('Refused Rauchbier');
    await expectAppError(client.recordListingViews({ views: [{ listingId: listing.id, views: 1 }] }, as.hops), 'forbidden');
    await expectAppError(client.recordListingViews({ views: [{ listingId: 'not-a-uuid', views: 1 }] }, as.anon), 'validation-invalid-params');
    await expectAppError(client.recordListingViews({ views: [{ listingId: listing.id, views: 2_000_000 }] }, as.anon), 'validation-invalid-params');
  });
});
