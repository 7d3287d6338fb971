// k6 version of `npm run bench -- search`: buyers searching a catalog of 100,000 published
// listings through the gateway, at a fixed arrival rate (no VU sleeps: the rate, not the number of
// virtual users, sets the load), on two mixes at once with the targets of docs/decisions/058:
// - popular: category pages, common keywords, filters, sorts, pages 1–3 — 1,000 req/s, p95 ≤ 50 ms;
// - longtail: rare keywords, deep pages, combined filters, hardly ever asked twice — 300 req/s,
//   p95 ≤ 150 ms.
// Zero errors on both. Seed the data first (the load-test profile runs the chart's search-seed Job;
// locally load-tests/search-data.mjs or one `npm run bench -- search`), then:
//   k6 run -e BASE_URL=https://caskade.example.com load-tests/k6/search.js
// POPULAR_RATE, LONGTAIL_RATE and DURATION change the load. The query mixes mirror
// load-tests/search-data.mjs (k6 cannot import Node modules).
// Type-checked here with @types/k6: npx tsc -p load-tests/k6/tsconfig.json
import http from 'k6/http';
import { check } from 'k6';

const DURATION = __ENV.DURATION || '2m';
const POPULAR_RATE = Number(__ENV.POPULAR_RATE || 1000);
const LONGTAIL_RATE = Number(__ENV.LONGTAIL_RATE || 300);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    popular: {
      executor: 'constant-arrival-rate', exec: 'popular', rate: POPULAR_RATE, timeUnit: '1s', duration: DURATION,
      preAllocatedVUs: 100, maxVUs: 400, tags: { mix: 'popular' },
    },
    longtail: {
      executor: 'constant-arrival-rate', exec: 'longtail', rate: LONGTAIL_RATE, timeUnit: '1s', duration: DURATION,
      preAllocatedVUs: 50, maxVUs: 300, tags: { mix: 'longtail' },
    },
  },
  thresholds: {
    http_req_failed: ['rate==0'],
    checks: ['rate==1'],
    'http_req_duration{mix:popular}': ['p(95)<=50'],
    'http_req_duration{mix:longtail}': ['p(95)<=150'],
    // The arrival rate is only a target: iterations k6 had to drop (no VU free) mean the rate was not met.
    'http_reqs{mix:popular}': [`rate>=${POPULAR_RATE * 0.98}`],
    'http_reqs{mix:longtail}': [`rate>=${LONGTAIL_RATE * 0.98}`],
    dropped_iterations: ['count==0'],
  },
};

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const LISTINGS = 100000;
const CATEGORIES = ['beer', 'cider', 'low-alcohol', 'mixer', 'rtd', 'spirit', 'wellness', 'wine', 'zero-alcohol'];
const KEYWORDS = ['ipa', 'hazy pale', 'shiraz barossa', 'gin', 'ginger', 'galaxy pale', 'riesling clare', 'kombucha', 'stout', 'sparkling'];
const SORTS = ['relevance', 'createdAt', '-createdAt', '-price', 'price'];
/** @type {Record<string, string[]>} */
const TYPES = {
  beer: ['ale', 'lager', 'hybrid', 'sour-wild', 'specialty'], cider: ['apple', 'pear', 'fruit', 'scrumpy'], 'low-alcohol': ['beer', 'wine', 'spirit', 'rtd'],
  mixer: ['tonic', 'soda'], rtd: ['spirit-based', 'wine-based', 'seltzer', 'cocktail'], spirit: ['gin', 'whisky', 'rum', 'vodka', 'brandy', 'agave', 'liqueur', 'amaro'],
  wellness: ['kombucha', 'kefir', 'functional', 'tea'], wine: ['red', 'white', 'rose', 'sparkling', 'orange', 'fortified', 'dessert'], 'zero-alcohol': ['beer', 'wine', 'spirit', 'cocktail'],
};
const NAMES = ['galaxy', 'harbour', 'sundowner', 'tidal', 'paddock', 'lighthouse', 'magpie', 'copper', 'wattle', 'banksia', 'ironbark', 'saltbush'];
const WORDS = ['pale', 'ipa', 'stout', 'pilsner', 'cider', 'tonic', 'gin', 'shiraz', 'riesling', 'kombucha', 'sparkling', 'rum'];
const REGIONS = ['barossa', 'yarra', 'margaret', 'hunter', 'clare', 'tasmania', 'mudgee', 'byron', 'fremantle', 'healesville'];
/** @param {number} i */
const brandId = (i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;

/** @template T @param {T[]} items @returns {T} */
function pick(items) {
  return /** @type {T} */ (items[Math.floor(Math.random() * items.length)]);
}
/** @param {number} n */
const upTo = (n) => 1 + Math.floor(Math.random() * n);

/** What most buyers ask: category pages, common keywords, filters and sorts, pages 1–3. */
function popularQuery() {
  const roll = Math.random();
  const page = pick([1, 1, 1, 2, 3]);
  if (roll < 0.35) return `keywords=${encodeURIComponent(pick(KEYWORDS))}${Math.random() < 0.3 ? '&sort=-price' : ''}&page=${page}`;
  if (roll < 0.7) return `pub_category=${pick(CATEGORIES)}${Math.random() < 0.3 ? `&sort=${pick(SORTS)}` : ''}&page=${page}`;
  if (roll < 0.8) return pick(['pub_category=beer&pub_type=ale&pub_style=ipa', 'pub_category=wine&pub_type=red&sort=-price', 'price=10,50', 'price=100,400&sort=price']);
  if (roll < 0.9) return `pub_brand=${brandId(6 * Math.floor(Math.random() * 5))}`;
  return `sort=${pick(SORTS)}&page=${page}`;
}

/** The long tail: a batch number or a rare word pair, a deep page, or a category + type + price range (+ state). */
function longTailQuery() {
  const roll = Math.random();
  if (roll < 0.25) {
    const keywords = Math.random() < 0.5 ? `batch ${upTo(LISTINGS)}` : Math.random() < 0.5 ? `${pick(NAMES)} ${pick(WORDS)}` : `${pick(WORDS)} ${pick(REGIONS)}`;
    return `keywords=${encodeURIComponent(keywords)}`;
  }
  if (roll < 0.55) return Math.random() < 0.5 ? `pub_category=${pick(CATEGORIES)}&page=${9 + upTo(400)}&sort=${pick(SORTS)}` : `page=${9 + upTo(990)}&sort=${pick(SORTS)}`;
  const cat = pick(CATEGORIES);
  const min = 10 + Math.floor(Math.random() * 600);
  const filter = Math.random() < 0.75 ? `pub_category=${cat}&pub_type=${pick(TYPES[cat] ?? ['ale'])}` : `pub_brand=${brandId(Math.floor(Math.random() * 30))}`;
  return `${filter}&price=${min},${min + 100 + Math.floor(Math.random() * 300)}${Math.random() < 0.3 ? '&pub_state=VIC' : ''}&sort=${pick(SORTS)}`;
}

/** Refuse to measure an empty catalog: empty searches are fast and prove nothing. */
export function setup() {
  const res = http.get(`${BASE_URL}/api/listings?perPage=1`);
  const body = /** @type {{ data?: { pagination?: { totalItems?: number } } } | null} */ (res.status === 200 ? res.json() : null);
  const total = body?.data?.pagination?.totalItems ?? 0;
  if (total < 1000) throw new Error(`the catalog at ${BASE_URL} has ${total} published listings in stock; seed it first (the chart's search-seed Job, or load-tests/search-data.mjs)`);
}

/** @param {string} query */
function search(query) {
  // As the web app asks: cards, what a result shows (docs/decisions/071).
  const res = http.get(`${BASE_URL}/api/listings?${query}&view=card`, { tags: { name: 'GET /api/listings' } });
  check(res, {
    'status is 200': (r) => r.status === 200,
    'has pagination': (r) => {
      const body = /** @type {{ data?: { pagination?: { perPage?: number } } } | null} */ (r.json());
      return body?.data?.pagination?.perPage === 24;
    },
  });
}

export function popular() {
  search(popularQuery());
}

export function longtail() {
  search(longTailQuery());
}
