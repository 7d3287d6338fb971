// k6 version of `npm run bench -- checkout`: buyers signing in once, then looping add to cart →
// check out with the payment sandbox's `pm_card_visa` and a fresh Idempotency-Key, against a
// cluster whose payments service runs the sandbox (no Stripe keys). Each virtual user signs up its
// own buyer with a delivery address; the supplier and its listings are made in setup() with a
// sandbox payout account. Thresholds: no unexpected answer, checkout p95 under 300 ms.
//   k6 run -e BASE_URL=https://staging.caskade.example.com load-tests/k6/checkout.js
// Type-checked here with @types/k6: npx tsc -p load-tests/k6/tsconfig.json
import http from 'k6/http';
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import encoding from 'k6/encoding';

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    checkout: { executor: 'constant-vus', vus: Number(__ENV.VUS || 50), duration: __ENV.DURATION || '2m' },
  },
  thresholds: {
    checks: ['rate==1'],
    checkout_duration: ['p(95)<300'],
    orders: ['count>0'],
  },
};

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const PASSWORD = 'correct horse battery';
const JSON_HEADERS = { 'content-type': 'application/json', origin: BASE_URL };
const orders = new Counter('orders');
const checkoutDuration = new Trend('checkout_duration', true);
const run = Date.now().toString(36);

/** @param {string} path @param {unknown} body @param {Record<string, string>} [headers] */
const post = (path, body, headers = {}) => http.post(`${BASE_URL}${path}`, JSON.stringify(body), { headers: { ...JSON_HEADERS, ...headers } });

/** One supplier with a sandbox payout account and ten listings of ample stock; answers their ids. */
export function setup() {
  const email = `k6-supplier-${run}@example.com`;
  const signup = post('/api/auth/sign-up', {
    userType: 'supplier', email, password: PASSWORD, passwordConfirm: PASSWORD, firstName: 'Kay', lastName: 'Six', abnAcn: '53 004 085 616',
    phoneNumber: '0412345678', companyName: `K6 Brewing ${run}`, brandName: `K6 Brewing ${run}`, businessName: `K6 Brewing ${run} Pty Ltd`,
    legalEntityName: 'K6 Holdings', address: '1 Load St, Richmond VIC 3121', contactNumber: '0398000000', agreeTermsAndConditions: true,
  });
  if (signup.status !== 201) throw new Error(`supplier sign-up answered ${signup.status}`);
  if (post('/api/payout-account/sandbox', {}).status !== 201) throw new Error('the payments service is not on its sandbox');
  const image = http.post(`${BASE_URL}/api/images`, { image: http.file(encoding.b64decode(PNG_BASE64), 'keg.png', 'image/png') }, { headers: { origin: BASE_URL } });
  const imageId = /** @type {{ data: { id: string } }} */ (image.json()).data.id;
  /** @type {string[]} */
  const listings = [];
  for (let i = 0; i < 10; i++) {
    const created = post('/api/own-listings', {
      listingType: 'product', title: `K6 Lager ${run} ${i}`, description: 'For the load test.', category: 'beer', productType: 'lager', style: 'pilsner',
      attributes: { alcoholicPercent: 4.5, colour: 'Straw', malts: 'Pilsner', hops: 'Saaz', vegan: true },
      pricePackages: [{ packageType: 'keg', size: 50, quantity: 1, priceCents: 20000 }], location: { address: 'Richmond VIC', state: 'VIC', postcode: '3121' },
      pickupEnabled: true, imageIds: [imageId], stockQuantity: 1000000,
    });
    const id = /** @type {{ data: { id: string } }} */ (created.json()).data.id;
    post(`/api/own-listings/${id}/publish`, {});
    listings.push(id);
  }
  return { listings };
}

/** Per virtual user: its buyer and address, made on the first iteration (k6 keeps cookies per VU). */
/** @type {string | null} */
let addressId = null;

/** @param {{ listings: string[] }} data */
export default function checkout(data) {
  if (addressId === null) {
    const email = `k6-buyer-${run}-${__VU}@example.com`;
    post('/api/auth/sign-up', {
      userType: 'buyer', email, password: PASSWORD, passwordConfirm: PASSWORD, firstName: 'Bo', lastName: 'Buyer', companyName: `K6 Bar ${__VU}`,
      abnAcn: '51 824 753 556', phoneNumber: '0412 345 678', favouriteCategories: ['beer'], agreeTermsAndConditions: true,
    });
    const address = post('/api/delivery-addresses', { name: 'K6 Bar', street: '1 Swan St', city: 'Richmond', state: 'VIC', postalCode: '3121', phone: '0412345678', email });
    addressId = /** @type {{ data: { id: string } }} */ (address.json()).data.id;
  }
  const listingId = data.listings[Math.floor(Math.random() * data.listings.length)];
  const added = post('/api/cart', { listingId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
  check(added, { 'added to cart': (r) => r.status === 201 });
  const res = post('/api/initiate-privileged-from-cart', { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' }, { 'idempotency-key': `k6-${run}-${__VU}-${__ITER}` });
  checkoutDuration.add(res.timings.duration);
  const ok = check(res, {
    'checkout 201': (r) => r.status === 201,
    'purchased': (r) => /** @type {{ data?: { checkout?: { state?: string } } } | null} */ (r.json())?.data?.checkout?.state === 'purchased',
  });
  if (ok) orders.add(1);
}

// An 8×8 PNG for the listing photo.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM41ieOFTEMLQkAoZVawf/NGdEAAAAASUVORK5CYII=';
