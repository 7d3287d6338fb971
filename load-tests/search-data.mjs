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

/**
 * 100,000 published listings (and 30 brands) in one INSERT … SELECT over generate_series: the
 * catalog's own schema, written by the database itself in seconds.
 */
export async function seedSearchData(databaseUrl, schema = 'catalog') {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from ${schema}.listings where state = 'published'`);
    if (rows[0].n >= LISTINGS) return { inserted: 0, total: rows[0].n };
    await client.query(`truncate ${schema}.listings, ${schema}.brands`);
    const brandValues = Array.from({ length: BRANDS }, (_, i) => `('${brandId(i)}', '${NAMES[i % NAMES.length]} ${['Brewing', 'Wines', 'Distilling'][i % 3]} ${i + 1}', 'Bench Supplier ${i + 1}')`);
    await client.query(`insert into ${schema}.brands (id, brand_name, display_name) values ${brandValues.join(',')}`);
    const started = Date.now();
    await client.query(`
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
    `);
    // A steady-state table: autovacuum would have set the visibility map, which index-only counts rely on.
    await client.query(`vacuum analyze ${schema}.listings`);
    return { inserted: LISTINGS, total: LISTINGS, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** The query mix: keyword searches (relevance), filters, sorts and deeper pages, like a buyer browsing. */
export function searchPaths() {
  const keywords = ['ipa', 'hazy pale', 'shiraz barossa', 'gin', 'ginger', 'galaxy pale', 'riesling clare', 'kombucha', 'stout', 'sparkling'];
  const paths = [];
  for (const k of keywords) paths.push(`/api/listings?keywords=${encodeURIComponent(k)}`);
  for (const k of keywords.slice(0, 4)) paths.push(`/api/listings?keywords=${encodeURIComponent(k)}&sort=-price`);
  for (const c of CATEGORIES) paths.push(`/api/listings?pub_category=${c}`);
  paths.push('/api/listings?pub_category=beer&pub_type=ale&pub_style=ipa', '/api/listings?pub_category=wine&pub_type=red&sort=-price');
  paths.push('/api/listings?price=10,50', '/api/listings?price=100,400&sort=price', '/api/listings?pub_category=spirit&price=50,200&sort=-price');
  for (let i = 0; i < 5; i++) paths.push(`/api/listings?pub_brand=${brandId(i * 6)}`);
  paths.push('/api/listings', '/api/listings?sort=createdAt', '/api/listings?sort=-createdAt', '/api/listings?sort=-price', '/api/listings?sort=price');
  paths.push('/api/listings?page=2', '/api/listings?page=5&sort=-price', '/api/listings?pub_category=beer&page=3', '/api/listings?keywords=ale&page=2');
  return paths;
}
