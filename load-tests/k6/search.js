// k6 version of `npm run bench` (search): buyers searching a catalog of 100,000 published
// listings through the gateway — keyword, filter, sort and paging queries at 50 virtual users,
// with a zero-error threshold. Seed the data first (load-tests/search-data.mjs, or run the
// autocannon bench once against the same database), then:
//   k6 run -e BASE_URL=https://caskade.example.com load-tests/k6/search.js
// Type-checked here with @types/k6: npx tsc -p load-tests/k6/tsconfig.json
import http from 'k6/http';
import { check, sleep } from 'k6';

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    search: { executor: 'constant-vus', vus: Number(__ENV.VUS || 50), duration: __ENV.DURATION || '2m' },
  },
  thresholds: {
    http_req_failed: ['rate==0'],
    http_req_duration: ['p(95)<800', 'p(99)<1500'],
    checks: ['rate==1'],
  },
};

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const CATEGORIES = ['beer', 'cider', 'low-alcohol', 'mixer', 'rtd', 'spirit', 'wellness', 'wine', 'zero-alcohol'];
const KEYWORDS = ['ipa', 'hazy pale', 'shiraz barossa', 'gin', 'ginger', 'galaxy pale', 'riesling clare', 'kombucha', 'stout', 'sparkling'];
const SORTS = ['relevance', 'createdAt', '-createdAt', '-price', 'price'];
/** @param {number} i */
const brandId = (i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;

/** @template T @param {T[]} items @returns {T} */
function pick(items) {
  return /** @type {T} */ (items[Math.floor(Math.random() * items.length)]);
}

/** One buyer action: mostly keyword and category searches, some price filters, brand pages and deeper pages. */
function query() {
  const roll = Math.random();
  if (roll < 0.35) return `keywords=${encodeURIComponent(pick(KEYWORDS))}${Math.random() < 0.3 ? `&sort=${pick(SORTS)}` : ''}`;
  if (roll < 0.6) return `pub_category=${pick(CATEGORIES)}&sort=${pick(SORTS)}`;
  if (roll < 0.75) {
    const min = Math.floor(Math.random() * 200);
    return `price=${min},${min + 50 + Math.floor(Math.random() * 300)}&sort=${pick(['-price', 'price'])}`;
  }
  if (roll < 0.85) return `pub_brand=${brandId(Math.floor(Math.random() * 30))}`;
  return `page=${1 + Math.floor(Math.random() * 5)}&sort=${pick(SORTS)}`;
}

/** Refuse to measure an empty catalog: empty searches are fast and prove nothing. */
export function setup() {
  const res = http.get(`${BASE_URL}/api/listings?perPage=1`);
  const body = /** @type {{ data?: { pagination?: { totalItems?: number } } } | null} */ (res.status === 200 ? res.json() : null);
  const total = body?.data?.pagination?.totalItems ?? 0;
  if (total < 1000) throw new Error(`the catalog at ${BASE_URL} has ${total} published listings in stock; seed it first (load-tests/search-data.mjs)`);
}

export default function search() {
  const res = http.get(`${BASE_URL}/api/listings?${query()}`, { tags: { name: 'GET /api/listings' } });
  check(res, {
    'status is 200': (r) => r.status === 200,
    'has pagination': (r) => {
      const body = /** @type {{ data?: { pagination?: { perPage?: number } } } | null} */ (r.json());
      return body?.data?.pagination?.perPage === 24;
    },
  });
  sleep(Math.random() * 0.5);
}
