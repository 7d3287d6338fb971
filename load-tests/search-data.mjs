// The search scenario's data and query mix, shared by the autocannon runner (run.mjs) and, in
// spirit, the k6 script (k6/search.js keeps its own copy: k6 cannot import Node modules).
import pg from 'pg';

export const LISTINGS = 100_000;
export const BRANDS = 30;
/** Brand ids are fixed so the query mix can filter by brand without reading the database. */
export const brandId = (i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;

const CATEGORIES = ['beer', 'cider', 'low-alcohol', 'mixer', 'rtd', 'spirit', 'wellness', 'wine', 'zero-alcohol'];
const TYPES = {
  beer: ['ale', 'lager', 'hybrid', 'sour-wild', 'specialty'],
  cider: ['apple', 'pear', 'fruit', 'scrumpy'],
  'low-alcohol': ['beer', 'wine', 'spirit', 'rtd'],
  mixer: ['tonic', 'soda', 'ginger-beer', 'juice', 'syrup', 'bitters'],
  rtd: ['spirit-based', 'wine-based', 'seltzer', 'cocktail'],
  spirit: ['gin', 'whisky', 'rum', 'vodka', 'brandy', 'agave', 'liqueur', 'amaro'],
  wellness: ['kombucha', 'kefir', 'functional', 'tea'],
  wine: ['red', 'white', 'rose', 'sparkling', 'orange', 'fortified', 'dessert'],
  'zero-alcohol': ['beer', 'wine', 'spirit', 'cocktail'],
};
const STYLES = { beer: ['pale-ale', 'ipa', 'hazy-ipa', 'pilsner', 'stout', 'sour', 'saison', 'wheat'], wine: ['light-bodied', 'full-bodied', 'crisp', 'dry', 'sweet', 'natural'] };
const NAMES = ['Galaxy', 'Harbour', 'Sundowner', 'Dusty Road', 'Southern Cross', 'Tidal', 'Paddock', 'Ridge Line', 'Lighthouse', 'Magpie', 'Copper', 'Wattle', 'Banksia', 'Ironbark', 'Saltbush'];
const NOUNS = {
  beer: ['Pale Ale', 'IPA', 'Hazy IPA', 'Pilsner', 'Stout', 'Sour', 'Saison', 'Wheat Beer'],
  cider: ['Apple Cider', 'Pear Cider', 'Cherry Cider', 'Scrumpy'],
  'low-alcohol': ['Mid Strength Pale', 'Light Lager', 'Half Strength Rose'],
  mixer: ['Tonic Water', 'Ginger Beer', 'Lemon Soda', 'Demerara Syrup'],
  rtd: ['Gin and Tonic', 'Rum and Ginger', 'Lime Seltzer', 'Espresso Martini'],
  spirit: ['Dry Gin', 'Single Malt Whisky', 'Spiced Rum', 'Wheat Vodka', 'Bush Amaro'],
  wellness: ['Ginger Kombucha', 'Water Kefir', 'Iced Tea'],
  wine: ['Shiraz', 'Chardonnay', 'Pinot Noir', 'Riesling', 'Rose', 'Sparkling', 'Grenache'],
  'zero-alcohol': ['Zero Pale Ale', 'Alcohol Free Sparkling', 'Zero Proof Botanical'],
};
const REGIONS = ['Barossa', 'Yarra Valley', 'Margaret River', 'Hunter Valley', 'Clare Valley', 'Tasmania', 'Mudgee', 'Byron Bay', 'Fremantle', 'Healesville'];

const sqlArray = (values) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
/** A text[][] can't be ragged, so per-category options travel as comma-joined strings. */
const perCategory = (map) => sqlArray(CATEGORIES.map((c) => (map[c] ?? []).join(',')));

/** The brands and listings INSERTs of the search data, into `schema` (brands already there are kept). */
function insertStatements(schema) {
  const brandValues = Array.from({ length: BRANDS }, (_, i) => `('${brandId(i)}', '${NAMES[i % NAMES.length]} ${['Brewing', 'Wines', 'Distilling'][i % 3]} ${i + 1}', 'Bench Supplier ${i + 1}')`);
  return [
    `insert into ${schema}.brands (id, brand_name, display_name) values ${brandValues.join(',')} on conflict (id) do nothing`,
    `
      insert into ${schema}.listings (
        id, author_id, listing_type, state, title, description, category, product_type, style, attributes, price_packages, price_cents,
        location, pickup_enabled, shipping_enabled, image_ids, brand_name, stock_quantity, created_at, updated_at, published_at
      )
      select
        gen_random_uuid(), b.id, 'product', 'published',
        (${sqlArray(NAMES)})[1 + (g * 7) % ${NAMES.length}] || ' ' || nouns[1 + (g / 9) % array_length(nouns, 1)],
        'Small-batch ' || lower(nouns[1 + (g / 9) % array_length(nouns, 1)]) || ' from ' || (${sqlArray(REGIONS)})[1 + g % ${REGIONS.length}]
          || ', made for venues and bottle shops. Batch ' || g || '.',
        cat, types[1 + (g / 3) % array_length(types, 1)],
        case when array_length(styles, 1) > 0 then styles[1 + (g / 5) % array_length(styles, 1)] else '' end,
        '{}'::jsonb,
        jsonb_build_array(jsonb_build_object('packageType', 'bottle', 'size', 750, 'unit', 'ml', 'quantity', 12, 'priceCents', price, 'sku', 'B' || g)),
        price,
        jsonb_build_object('address', 'Melbourne VIC', 'state', 'VIC', 'postcode', '3000', 'lat', 0, 'lng', 0),
        true, true, '{}', b.brand_name, 1 + (g * 13) % 200,
        now() - make_interval(mins => g), now() - make_interval(mins => g), now() - make_interval(mins => g)
      from generate_series(1, ${LISTINGS}) g
      cross join lateral (select (${sqlArray(CATEGORIES)})[1 + g % ${CATEGORIES.length}] as cat, 1000 + (g * 7919) % 99000 as price) c
      cross join lateral (
        select string_to_array((${perCategory(TYPES)})[1 + g % ${CATEGORIES.length}], ',') as types,
               coalesce(string_to_array(nullif((${perCategory(STYLES)})[1 + g % ${CATEGORIES.length}], ''), ','), '{}') as styles,
               string_to_array((${perCategory(NOUNS)})[1 + g % ${CATEGORIES.length}], ',') as nouns
      ) o
      join ${schema}.brands b on b.id = ('00000000-0000-4000-8000-' || lpad((1 + g % ${BRANDS})::text, 12, '0'))::uuid
    `,
  ];
}

/**
 * 100,000 published listings (and 30 brands) in one INSERT … SELECT over generate_series: the
 * catalog's own schema, written by the database itself in seconds. The bench's own database only:
 * it empties the catalog first.
 */
export async function seedSearchData(databaseUrl, schema = 'catalog') {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from ${schema}.listings where state = 'published'`);
    if (rows[0].n >= LISTINGS) return { inserted: 0, total: rows[0].n };
    await client.query(`truncate ${schema}.listings, ${schema}.brands`);
    const started = Date.now();
    for (const statement of insertStatements(schema)) await client.query(statement);
    // A steady-state table: autovacuum would have set the visibility map, which index-only counts rely on.
    await client.query(`vacuum analyze ${schema}.listings`);
    return { inserted: LISTINGS, total: LISTINGS, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/**
 * The same data as a psql script for the load-test profile's seed Job (charts/caskade/files/
 * search-seed.sql, written by `node load-tests/search-data.mjs > charts/caskade/files/search-seed.sql`
 * and checked by tests/integration/search-seed.test.ts): inserts only while the catalog has fewer
 * than LISTINGS published listings, never deletes anything.
 */
export function searchSeedSql(schema = 'catalog') {
  const [brands, listings] = insertStatements(schema);
  return [
    '-- Generated by load-tests/search-data.mjs (searchSeedSql): the search load test\'s 100,000 listings.',
    `select (count(*) < ${LISTINGS}) as seed from ${schema}.listings where state = 'published' \\gset`,
    '\\if :seed',
    `${brands};`,
    `${listings.trim()};`,
    `vacuum analyze ${schema}.listings;`,
    '\\endif',
    '',
  ].join('\n');
}

/**
 * The popular mix: what most buyers ask, over and over — category pages, the common keywords,
 * filters and sorts, pages 1–3. A small set of distinct queries (a hot-query cache's best case and
 * the real shape of a storefront's traffic).
 */
export function popularPaths() {
  const keywords = ['ipa', 'hazy pale', 'shiraz barossa', 'gin', 'ginger', 'galaxy pale', 'riesling clare', 'kombucha', 'stout', 'sparkling'];
  const paths = [];
  for (const k of keywords) paths.push(`/api/listings?keywords=${encodeURIComponent(k)}`);
  for (const k of keywords.slice(0, 4)) paths.push(`/api/listings?keywords=${encodeURIComponent(k)}&sort=-price`);
  for (const k of keywords.slice(0, 3)) paths.push(`/api/listings?keywords=${encodeURIComponent(k)}&page=2`);
  for (const c of CATEGORIES) paths.push(`/api/listings?pub_category=${c}`);
  for (const c of ['beer', 'wine', 'spirit']) paths.push(`/api/listings?pub_category=${c}&page=2`, `/api/listings?pub_category=${c}&page=3`, `/api/listings?pub_category=${c}&sort=-price`);
  paths.push('/api/listings?pub_category=beer&pub_type=ale&pub_style=ipa', '/api/listings?pub_category=wine&pub_type=red&sort=-price');
  paths.push('/api/listings?price=10,50', '/api/listings?price=100,400&sort=price', '/api/listings?pub_category=spirit&price=50,200&sort=-price');
  for (let i = 0; i < 5; i++) paths.push(`/api/listings?pub_brand=${brandId(i * 6)}`);
  paths.push('/api/listings', '/api/listings?sort=createdAt', '/api/listings?sort=-createdAt', '/api/listings?sort=-price', '/api/listings?sort=price');
  paths.push('/api/listings?page=2', '/api/listings?page=3&sort=-price', '/api/listings?keywords=ale&page=2');
  return paths.map(asTheWebAsks);
}

/** The web app asks for cards, what a result shows (docs/decisions/071): the mixes ask as it does. */
function asTheWebAsks(path) {
  return `${path}${path.includes('?') ? '&' : '?'}view=card`;
}

/** A small deterministic generator, so every run asks the same long tail. */
function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The long-tail mix: `count` distinct queries that a cache cannot answer — rare keywords (one
 * batch number, three-word title and region combinations), deep pages (10 to 1,000) and combined
 * filters (category, type, price range, brand, state, sort), each asked about once a run.
 */
export function longTailPaths(count = 3000) {
  const rand = seeded(12);
  const pick = (items) => items[Math.floor(rand() * items.length)];
  const sorts = ['relevance', 'createdAt', '-createdAt', '-price', 'price'];
  const states = ['VIC', 'NSW', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];
  const paths = new Set();
  while (paths.size < count) {
    const q = new URLSearchParams();
    const kind = rand();
    if (kind < 0.25) {
      // One listing's batch number, or a name + product + region combination.
      const cat = pick(CATEGORIES);
      const noun = pick(NOUNS[cat]).split(' ')[0];
      const roll = rand();
      if (roll < 0.5) q.set('keywords', `batch ${1 + Math.floor(rand() * LISTINGS)}`);
      else if (roll < 0.75) q.set('keywords', `${pick(NAMES)} ${noun}`.toLowerCase());
      else q.set('keywords', `${noun} ${pick(REGIONS)}`.toLowerCase());
      if (rand() < 0.3) q.set('sort', pick(sorts));
    } else if (kind < 0.55) {
      // Deep pages: a category's (about 460 pages) or the whole catalog's (the API stops at 1,000).
      if (rand() < 0.5) {
        q.set('pub_category', pick(CATEGORIES));
        q.set('page', String(10 + Math.floor(rand() * 400)));
      } else q.set('page', String(10 + Math.floor(rand() * 990)));
      q.set('sort', pick(sorts));
    } else {
      // Combined filters: category + type (+ style) or a brand, a price range, sometimes a state.
      if (rand() < 0.75) {
        const cat = pick(CATEGORIES);
        q.set('pub_category', cat);
        q.set('pub_type', pick(TYPES[cat]));
        if (STYLES[cat] && rand() < 0.5) q.set('pub_style', pick(STYLES[cat]));
      } else q.set('pub_brand', brandId(Math.floor(rand() * BRANDS)));
      const min = 10 + Math.floor(rand() * 600);
      q.set('price', `${min},${min + 100 + Math.floor(rand() * 300)}`);
      if (rand() < 0.3) q.set('pub_state', pick(states));
      q.set('sort', pick(sorts));
      if (rand() < 0.3) q.set('page', '2');
    }
    paths.add(`/api/listings?${q.toString()}`);
  }
  return [...paths].map(asTheWebAsks);
}

// `node load-tests/search-data.mjs` prints the seed Job's SQL.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) process.stdout.write(searchSeedSql());
