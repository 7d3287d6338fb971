/**
 * Buying fixtures shared by the distributed suite and the checkout bench: a signed-up supplier with
 * a sandbox payout account and published beers, and signed-up buyers with a delivery address. Each
 * throws with the answer when a step is refused (no jest needed, so the bench can use them too).
 */
import sharp from 'sharp';
import { ApiSession, type ApiResponse } from './http';
import { buyerSignup, supplierSignup } from './accounts';

function must<T>(res: ApiResponse<T>, status: number, what: string): ApiResponse<T> {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
}

/**
 * A supplier (brand `brand`) with a sandbox payout account (unless `sandboxPayoutAccount` is false:
 * with Stripe there is none) and one published 50 L keg listing per stock figure; answers the listing ids.
 */
export async function supplierWithListings(
  url: string,
  email: string,
  brand: string,
  stocks: readonly number[],
  opts: { sandboxPayoutAccount?: boolean } = {},
): Promise<{ session: ApiSession; listingIds: string[] }> {
  const s = new ApiSession(url);
  must(await s.post('/api/auth/sign-up', supplierSignup(email, brand)), 201, 'supplier sign-up');
  if (opts.sandboxPayoutAccount ?? true) must(await s.post('/api/payout-account/sandbox'), 201, 'sandbox payout account');
  const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#d4a017' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'keg.png');
  const up = await fetch(`${url}/api/images`, { method: 'POST', body: form, headers: { cookie: `caskade_at=${s.cookie('caskade_at') ?? ''}` } });
  if (up.status !== 201) throw new Error(`image upload answered ${up.status}`);
  const imageId = ((await up.json()) as { data: { id: string } }).data.id;
  const listingIds: string[] = [];
  for (const [i, stock] of stocks.entries()) {
    const created = must(await s.post<{ data: { id: string } }>('/api/own-listings', {
      listingType: 'product', title: `${brand} Lager ${i + 1}`, description: 'A lager everyone wants.', category: 'beer', productType: 'lager', style: 'pilsner',
      attributes: { alcoholicPercent: 4.5, colour: 'Straw', malts: 'Pilsner', hops: 'Saaz', vegan: true },
      pricePackages: [{ packageType: 'keg', size: 50, quantity: 1, priceCents: 20_000 }], location: { address: 'Abbotsford VIC', state: 'VIC', postcode: '3067' },
      pickupEnabled: true, imageIds: [imageId], stockQuantity: stock,
    }), 201, 'listing');
    const published = must(await s.post<{ data: { state: string } }>(`/api/own-listings/${created.body.data.id}/publish`), 200, 'publish');
    if (published.body.data.state !== 'published') throw new Error(`listing ${created.body.data.id} is ${published.body.data.state}`);
    listingIds.push(created.body.data.id);
  }
  return { session: s, listingIds };
}

/** A signed-up buyer with a liquor licence on file and one (default) delivery address in Victoria. */
export async function buyerWithAddress(url: string, email: string): Promise<{ session: ApiSession; addressId: string }> {
  const s = new ApiSession(url);
  must(await s.post('/api/auth/sign-up', buyerSignup(email)), 201, 'buyer sign-up');
  // The fixtures' listings are beers, liquor: a buyer needs a liquor licence on file (ADR 042).
  must(await s.put('/api/current-user/liquor-licence', { number: '32012345', state: 'VIC' }), 200, 'liquor licence');
  const address = must(await s.post<{ data: { id: string } }>('/api/delivery-addresses', {
    name: 'Race Bar', street: '2 Smith St', city: 'Fitzroy', state: 'VIC', postalCode: '3065', phone: '0412345678', email,
  }), 201, 'delivery address');
  return { session: s, addressId: address.body.data.id };
}
