/**
 * Demo catalog for the embedded mode: 30 suppliers (identity accounts) with their brands, 300+
 * listings across every product category and every service category, and a small set of
 * generated images (one per category, rendered once from SVG with sharp and shared), so search,
 * brand pages and listing pages look real. Deterministic: the same data on every fresh start.
 */
import { CATEGORIES, CATEGORY_LABELS, type AuState, type Category } from '@caskade/kit';
import { processImage, renderSvg, seedCatalog, type CatalogDeps, type ProcessedImage, type SeedBrand, type SeedListing } from '@caskade/catalog';
import { ensureAccounts, type SeedAccount } from '@caskade/identity';
import { DEMO_PASSWORD } from './demo-data';
import { EMPTY_LISTING_FIELDS, PRODUCT_TYPES, SERVICE_CATEGORIES, SERVICE_CATEGORY_LABELS, STYLES, type ListingAttributes, type PricePackage, type ServiceCategory } from '@caskade/catalog/domain';

type Kind = Category | ServiceCategory;

interface DemoSupplier {
  brand: string;
  first: string;
  last: string;
  town: string;
  state: AuState;
  postcode: string;
  focus: Kind[];
  bio: string;
}

const SUPPLIERS: DemoSupplier[] = [
  { brand: 'Hop Hill Brewing', first: 'Harriet', last: 'Hill', town: 'Healesville', state: 'VIC', postcode: '3777', focus: ['beer', 'low-alcohol'], bio: 'Hop-forward ales from the foot of the Great Dividing Range.' },
  { brand: 'Saltwater Ales', first: 'Marcus', last: 'Reef', town: 'Torquay', state: 'VIC', postcode: '3228', focus: ['beer', 'zero-alcohol'], bio: 'Coastal brewery pouring crisp lagers and sessionable pales.' },
  { brand: 'Red Gum Brewhouse', first: 'Priya', last: 'Nair', town: 'Bendigo', state: 'VIC', postcode: '3550', focus: ['beer'], bio: 'Malt-driven ales, stouts and lagers brewed on a 20 hL kit.' },
  { brand: 'Southerly Brewing Co', first: 'Tom', last: 'Gale', town: 'Hobart', state: 'TAS', postcode: '7000', focus: ['beer', 'cider'], bio: 'Tasmanian water, Tasmanian hops, Southern Ocean weather.' },
  { brand: 'Ironbark Beer Co', first: 'Lena', last: 'Cole', town: 'Newcastle', state: 'NSW', postcode: '2300', focus: ['beer', 'rtd'], bio: 'Honest beer for working harbour towns.' },
  { brand: 'Black Cockatoo Brewing', first: 'Dev', last: 'Khan', town: 'Fremantle', state: 'WA', postcode: '6160', focus: ['beer'], bio: 'West Australian sours, saisons and barrel-aged specials.' },
  { brand: 'Gulf Country Ales', first: 'Kim', last: 'Nguyen', town: 'Townsville', state: 'QLD', postcode: '4810', focus: ['beer', 'mixer'], bio: 'Tropical lagers built for 35-degree afternoons.' },
  { brand: 'Barossa Ridge Wines', first: 'Anna', last: 'Schulz', town: 'Tanunda', state: 'SA', postcode: '5352', focus: ['wine'], bio: 'Fifth-generation growers of old-vine shiraz and grenache.' },
  { brand: 'Yarra Flats Vineyard', first: 'James', last: 'Moreau', town: 'Yarra Glen', state: 'VIC', postcode: '3775', focus: ['wine'], bio: 'Cool-climate chardonnay and pinot noir.' },
  { brand: 'Margaret Rise Estate', first: 'Olivia', last: 'Hart', town: 'Margaret River', state: 'WA', postcode: '6285', focus: ['wine', 'low-alcohol'], bio: 'Cabernet and semillon sauvignon blanc by the Indian Ocean.' },
  { brand: 'Hunter Stone Wines', first: 'George', last: 'Pappas', town: 'Pokolbin', state: 'NSW', postcode: '2320', focus: ['wine'], bio: 'Hunter semillon that ages for decades.' },
  { brand: 'Clare Slate Vignerons', first: 'Sophie', last: 'Ward', town: 'Clare', state: 'SA', postcode: '5453', focus: ['wine', 'zero-alcohol'], bio: 'Bone-dry riesling grown on slate.' },
  { brand: 'Tamar Frost Wines', first: 'Ben', last: 'Frost', town: 'Launceston', state: 'TAS', postcode: '7250', focus: ['wine'], bio: 'Sparkling and pinot from the Tamar Valley.' },
  { brand: 'Mudgee Hills Organic', first: 'Rosa', last: 'Lopez', town: 'Mudgee', state: 'NSW', postcode: '2850', focus: ['wine', 'wellness'], bio: 'Certified organic vineyard and natural wines.' },
  { brand: 'Botanic Coast Distillery', first: 'Nina', last: 'Park', town: 'Byron Bay', state: 'NSW', postcode: '2481', focus: ['spirit', 'rtd'], bio: 'Native botanical gins distilled in copper.' },
  { brand: 'Old Tramway Distilling', first: 'Hugh', last: 'McLeod', town: 'Ballarat', state: 'VIC', postcode: '3350', focus: ['spirit'], bio: 'Single malt whisky matured in ex-fortified casks.' },
  { brand: 'Cane Toad Rum Co', first: 'Ella', last: 'Brooks', town: 'Bundaberg', state: 'QLD', postcode: '4670', focus: ['spirit', 'rtd'], bio: 'Queensland cane spirit and spiced rum.' },
  { brand: 'Snowy Peak Spirits', first: 'Liam', last: 'Frost', town: 'Jindabyne', state: 'NSW', postcode: '2627', focus: ['spirit', 'mixer'], bio: 'Alpine vodka and amaro from high-country herbs.' },
  { brand: 'Huon Orchard Cider', first: 'Grace', last: 'Appleby', town: 'Huonville', state: 'TAS', postcode: '7109', focus: ['cider', 'zero-alcohol'], bio: 'Apple and pear ciders from heritage orchards.' },
  { brand: 'Adelaide Hills Press', first: 'Omar', last: 'Haddad', town: 'Lobethal', state: 'SA', postcode: '5241', focus: ['cider', 'wellness'], bio: 'Cold-pressed ciders and kombucha.' },
  { brand: 'Bright Tonic Works', first: 'Chloe', last: 'Tan', town: 'Bright', state: 'VIC', postcode: '3741', focus: ['mixer', 'zero-alcohol'], bio: 'Small-batch tonics, ginger beer and cocktail syrups.' },
  { brand: 'Daintree Brew Lab', first: 'Sam', last: 'Kirra', town: 'Cairns', state: 'QLD', postcode: '4870', focus: ['wellness', 'mixer'], bio: 'Living kombucha and functional sodas.' },
  { brand: 'Canberra Canning Co', first: 'Jack', last: 'Ryan', town: 'Fyshwick', state: 'ACT', postcode: '2609', focus: ['canning', 'packaging'], bio: 'Mobile canning lines for breweries across the south-east.' },
  { brand: 'KegLink Logistics', first: 'Mia', last: 'Lee', town: 'Dandenong', state: 'VIC', postcode: '3175', focus: ['kegs', 'logistics', 'gas'], bio: 'Keg hire, returns and cold-chain freight.' },
  { brand: 'Craft Fitout Studio', first: 'Noah', last: 'Fischer', town: 'Marrickville', state: 'NSW', postcode: '2204', focus: ['design_building', 'merch'], bio: 'Brewery and cellar-door design and build.' },
  { brand: 'Clearline Glassware', first: 'Ivy', last: 'Chen', town: 'Brisbane', state: 'QLD', postcode: '4000', focus: ['glassware', 'merch'], bio: 'Branded glassware and tasting paddles.' },
  { brand: 'Grainstore Supplies', first: 'Oscar', last: 'Dunn', town: 'Geelong', state: 'VIC', postcode: '3220', focus: ['hops_malts_yeast', 'ice'], bio: 'Australian hops, malts and live yeast, delivered weekly.' },
  { brand: 'VinGuard Services', first: 'Ruby', last: 'Stone', town: 'Nuriootpa', state: 'SA', postcode: '5355', focus: ['wine_protection', 'cork'], bio: 'Frost fans, bird netting and natural cork.' },
  { brand: 'Cellar Door Packaging', first: 'Leo', last: 'Marsh', town: 'Perth', state: 'WA', postcode: '6000', focus: ['packaging', 'logistics'], bio: 'Cartons, shippers and gift packs.' },
  { brand: 'Brewpact Contract Brewing', first: 'Zara', last: 'Quinn', town: 'Adelaide', state: 'SA', postcode: '5000', focus: ['contract_brewing', 'canning'], bio: 'Contract brewing from 10 hL to 100 hL batches.' },
];

/** A supplier whose listings wait for an operator (published flag off), to show the approval queue. */
export const PENDING_SUPPLIER_EMAIL = 'newsupplier@example.com';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
export const supplierEmail = (brand: string) => `${slug(brand)}@suppliers.example.com`;

export function demoSupplierAccounts(): SeedAccount[] {
  const accounts: SeedAccount[] = SUPPLIERS.map((s) => ({
    email: supplierEmail(s.brand), password: DEMO_PASSWORD, role: 'supplier',
    profile: {
      firstName: s.first, lastName: s.last, companyName: `${s.brand} Pty Ltd`, brandName: s.brand, businessName: `${s.brand} Pty Ltd`,
      legalEntityName: `${s.brand} Holdings Pty Ltd`, address: `${s.town} ${s.state} ${s.postcode}`, phoneNumber: '0398765432',
      contactNumber: '0398765432', abnAcn: '33102417032', bio: s.bio, published: true,
    },
  }));
  accounts.push({
    email: PENDING_SUPPLIER_EMAIL, password: DEMO_PASSWORD, role: 'supplier',
    profile: {
      firstName: 'Nadia', lastName: 'Newman', companyName: 'Newcomer Brewing Pty Ltd', brandName: 'Newcomer Brewing', businessName: 'Newcomer Brewing Pty Ltd',
      legalEntityName: 'Newcomer Holdings Pty Ltd', address: 'Collingwood VIC 3066', phoneNumber: '0398765432', contactNumber: '0398765432',
      abnAcn: '33102417032', bio: 'Just joined Caskade: our listings wait for approval.', published: false,
    },
  });
  return accounts;
}

// ---- deterministic randomness ------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS: Kind[] = [...CATEGORIES, ...SERVICE_CATEGORIES];
const COLOURS: Record<string, string> = {
  beer: '#c77d1a', cider: '#7a9a2e', 'low-alcohol': '#3f8f8a', mixer: '#2f6fa3', rtd: '#b0417a', spirit: '#5b4a8b', wellness: '#4c9a5b',
  wine: '#7b1e3a', 'zero-alcohol': '#4a7f9e',
};
const kindLabel = (k: Kind) => (k in CATEGORY_LABELS ? CATEGORY_LABELS[k as Category] : SERVICE_CATEGORY_LABELS[k as ServiceCategory]);

/** One 800×800 card per category, drawn as SVG (a bottle/can silhouette and the label) and run through the upload pipeline. */
function categoryImage(kind: Kind): () => Promise<ProcessedImage> {
  return async () => {
    const colour = COLOURS[kind] ?? '#5a5a5a';
    const label = kindLabel(kind).replace(/&/g, '&amp;');
    const fontSize = label.length > 26 ? 34 : label.length > 16 ? 42 : 56;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#1c1917"/></linearGradient></defs>
      <rect width="800" height="800" fill="url(#g)"/>
      <circle cx="640" cy="150" r="220" fill="#ffffff" fill-opacity="0.07"/>
      <rect x="330" y="170" width="140" height="360" rx="46" fill="#fafaf9" fill-opacity="0.92"/>
      <rect x="372" y="110" width="56" height="80" rx="12" fill="#fafaf9" fill-opacity="0.92"/>
      <rect x="330" y="300" width="140" height="110" fill="${colour}"/>
      <text x="400" y="640" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#fafaf9" text-anchor="middle">${label}</text>
      <text x="400" y="700" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#e7e5e4" text-anchor="middle">Caskade demo</text>
    </svg>`;
    return processImage(await renderSvg(svg));
  };
}

const svgText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const initials = (brand: string) => brand.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w)).slice(0, 2).map((w) => w[0]).join('').toUpperCase();
/** A supplier's colour: the colour of its first focus category. */
const brandColour = (focus: readonly Kind[]) => COLOURS[focus[0] ?? ''] ?? '#7c2d12';

/** A square logo: the brand's initials on its colour. */
function brandLogo(brand: string, focus: readonly Kind[]): () => Promise<ProcessedImage> {
  return async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
      <rect width="480" height="480" fill="#fafaf9"/>
      <circle cx="240" cy="240" r="200" fill="${brandColour(focus)}"/>
      <circle cx="240" cy="240" r="178" fill="none" stroke="#fafaf9" stroke-width="6" stroke-opacity="0.6"/>
      <text x="240" y="282" font-family="DejaVu Sans, Arial, sans-serif" font-size="132" font-weight="bold" fill="#fafaf9" text-anchor="middle">${svgText(initials(brand))}</text>
    </svg>`;
    return processImage(await renderSvg(svg));
  };
}

/** A 16:9 header: the brand's name and home town over a gradient of its colour. */
function brandHeader(brand: string, town: string, state: string, focus: readonly Kind[]): () => Promise<ProcessedImage> {
  return async () => {
    const colour = brandColour(focus);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
      <defs><linearGradient id="h" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#1c1917"/></linearGradient></defs>
      <rect width="1600" height="900" fill="url(#h)"/>
      <circle cx="1320" cy="180" r="420" fill="#ffffff" fill-opacity="0.06"/>
      <circle cx="220" cy="860" r="300" fill="#ffffff" fill-opacity="0.05"/>
      <text x="120" y="470" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="bold" fill="#fafaf9">${svgText(brand)}</text>
      <text x="124" y="550" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#e7e5e4">${svgText(`${town}, ${state}`)}</text>
    </svg>`;
    return processImage(await renderSvg(svg));
  };
}

// ---- listing content -----------------------------------------------------------------------------

const BEER_STYLE_TYPE: Record<string, string> = {
  'pale-ale': 'ale', ipa: 'ale', 'hazy-ipa': 'ale', xpa: 'ale', pilsner: 'lager', lager: 'lager', amber: 'ale', 'brown-ale': 'ale', porter: 'ale',
  stout: 'ale', sour: 'sour-wild', gose: 'sour-wild', saison: 'hybrid', wheat: 'hybrid', 'red-ale': 'ale', 'dark-lager': 'lager',
};
const BEER_NAMES = ['Galaxy', 'Harbour', 'Sundowner', 'Dusty Road', 'Southern Cross', 'Bushfire', 'Tidal', 'Paddock', 'Ridge Line', 'Lighthouse', 'Magpie', 'Copper'];
const HOPS = ['Galaxy, Vic Secret', 'Ella, Enigma', 'Cascade, Centennial', 'Mosaic, Citra', 'Pride of Ringwood', 'Topaz, Summer'];
const MALTS = ['Pale, Crystal', 'Pilsner', 'Munich, Vienna', 'Pale, Roasted barley', 'Wheat, Pilsner'];
const WINES: Array<[string, string, string]> = [
  ['Shiraz', 'red', 'full-bodied'], ['Grenache', 'red', 'medium-bodied'], ['Pinot Noir', 'red', 'light-bodied'], ['Cabernet Sauvignon', 'red', 'full-bodied'],
  ['Chardonnay', 'white', 'crisp'], ['Riesling', 'white', 'dry'], ['Semillon', 'white', 'crisp'], ['Sauvignon Blanc', 'white', 'aromatic'],
  ['Rosé', 'rose', 'dry'], ['Sparkling Pinot Chardonnay', 'sparkling', 'crisp'], ['Pet Nat', 'sparkling', 'pet-nat'], ['Skin Contact Pinot Gris', 'orange', 'natural'],
  ['Tawny', 'fortified', 'sweet'], ['Botrytis Semillon', 'dessert', 'sweet'],
];
const REGIONS = ['Barossa Valley', 'Yarra Valley', 'Margaret River', 'Hunter Valley', 'Clare Valley', 'Tamar Valley', 'Mudgee', 'Heathcote', 'McLaren Vale'];
const OWNERS = ['Peramangk', 'Wurundjeri', 'Wadandi', 'Wonnarua', 'Ngadjuri', 'Palawa', 'Wiradjuri', 'Taungurung', 'Kaurna'];
const SPIRITS: Array<[string, string]> = [
  ['Native Botanical Gin', 'gin'], ['Navy Strength Gin', 'gin'], ['Single Malt Whisky', 'whisky'], ['Rye Whisky', 'whisky'], ['Spiced Rum', 'rum'],
  ['Dark Cane Rum', 'rum'], ['Wheat Vodka', 'vodka'], ['Apple Brandy', 'brandy'], ['Agave Spirit', 'agave'], ['Lemon Myrtle Liqueur', 'liqueur'], ['Bush Amaro', 'amaro'],
];
const SIMPLE: Record<string, Array<[string, string]>> = {
  cider: [['Pink Lady Apple Cider', 'apple'], ['Williams Pear Cider', 'pear'], ['Cherry Cider', 'fruit'], ['Farmhouse Scrumpy', 'scrumpy'], ['Dry Apple Cider', 'apple']],
  'low-alcohol': [['Mid-Strength Pale', 'beer'], ['Light Lager', 'beer'], ['Half-Strength Rosé', 'wine'], ['Low-Proof Spritz', 'rtd'], ['Lighter Gin', 'spirit']],
  mixer: [['Indian Tonic Water', 'tonic'], ['Native Finger Lime Soda', 'soda'], ['Fiery Ginger Beer', 'ginger-beer'], ['Cold-Pressed Orange Juice', 'juice'], ['Rich Demerara Syrup', 'syrup'], ['Aromatic Bitters', 'bitters']],
  rtd: [['Gin & Tonic', 'spirit-based'], ['Rum & Ginger', 'spirit-based'], ['Wine Spritz', 'wine-based'], ['Lime Seltzer', 'seltzer'], ['Espresso Martini', 'cocktail'], ['Margarita', 'cocktail']],
  wellness: [['Ginger Kombucha', 'kombucha'], ['Berry Water Kefir', 'kefir'], ['Adaptogen Sparkling', 'functional'], ['Lemon Myrtle Iced Tea', 'tea']],
  'zero-alcohol': [['Zero Pale Ale', 'beer'], ['Alcohol-Free Sparkling', 'wine'], ['Zero-Proof Botanical', 'spirit'], ['Non-Alc Negroni', 'cocktail'], ['Zero XPA', 'beer']],
};
const SERVICES: Record<ServiceCategory, string[]> = {
  canning: ['Mobile canning day', 'Canning line hire (half day)', 'Seaming and QA service'],
  kegs: ['50 L keg hire', 'Keg return and wash', 'Keg fleet tracking'],
  gas: ['CO2 cylinder supply', 'Beer gas exchange', 'Gas line service'],
  design_building: ['Brewery fit-out design', 'Cellar door build', 'Taproom design consult'],
  glassware: ['Branded schooner glasses', 'Tasting paddle sets', 'Stemless wine glasses'],
  hops_malts_yeast: ['Weekly hop delivery', 'Base malt supply (tonne)', 'Liquid yeast propagation'],
  ice: ['Event ice delivery', 'Block ice supply', 'Ice machine hire'],
  wine_protection: ['Frost fan hire', 'Bird netting install', 'Vineyard spray service'],
  logistics: ['Pallet freight (metro)', 'Interstate cold chain', 'Same-day courier'],
  packaging: ['Custom 24-can cartons', 'Wine shipper boxes', 'Gift pack design'],
  merch: ['Branded tees', 'Bar mats and runners', 'Custom tap handles'],
  cork: ['Natural cork (1,000)', 'Technical cork supply', 'Crown seal supply'],
  contract_brewing: ['Contract brew 10 hL', 'Contract brew 50 hL', 'Recipe development'],
};
const NEIGHBOURS: Record<AuState, readonly AuState[]> = {
  ACT: ['ACT', 'NSW'], NSW: ['NSW', 'ACT', 'QLD', 'VIC'], NT: ['NT', 'QLD', 'SA', 'WA'], QLD: ['QLD', 'NSW', 'NT'],
  SA: ['SA', 'VIC', 'NSW', 'WA', 'NT'], TAS: ['TAS', 'VIC'], VIC: ['VIC', 'NSW', 'SA', 'TAS'], WA: ['WA', 'SA', 'NT'],
};
const DESCRIPTIONS = [
  'Made in small batches and delivered fresh to venues and bottle shops.',
  'A venue favourite: consistent, bright and easy to pour.',
  'Limited release: order early, stock moves fast.',
  'Award-winning and built for the wholesale trade.',
  'Sustainably produced with Australian ingredients.',
];

const dollars = (rand: () => number, min: number, max: number) => Math.round((min + rand() * (max - min)) * 100 / 50) * 50;
const pick = <T,>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

function productFor(kind: Category, rand: () => number): { title: string; productType: string; style: string; attributes: ListingAttributes; packages: PricePackage[] } {
  const can = (size: number, qty: number, min: number, max: number): PricePackage => ({ packageType: 'can', size, unit: 'ml', quantity: qty, priceCents: dollars(rand, min, max), sku: '' });
  const bottle = (size: number, qty: number, min: number, max: number): PricePackage => ({ packageType: 'bottle', size, unit: 'ml', quantity: qty, priceCents: dollars(rand, min, max), sku: '' });
  const keg = (size: 20 | 30 | 50, min: number, max: number): PricePackage => ({ packageType: 'keg', size, unit: 'L', quantity: 1, priceCents: dollars(rand, min, max), sku: '' });
  switch (kind) {
    case 'beer': {
      const style = pick(rand, STYLES.beer ?? []);
      const label = style.replace(/-/g, ' ').replace(/\b(ipa|xpa)\b/g, (m) => m.toUpperCase()).replace(/\b\w/g, (c) => c.toUpperCase());
      return {
        title: `${pick(rand, BEER_NAMES)} ${label}`, productType: BEER_STYLE_TYPE[style] ?? 'ale', style,
        attributes: { alcoholicPercent: Math.round((3.5 + rand() * 5) * 10) / 10, colour: pick(rand, ['Straw', 'Gold', 'Amber', 'Copper', 'Black']), malts: pick(rand, MALTS), hops: pick(rand, HOPS), vegan: rand() > 0.3 },
        packages: [keg(50, 220, 340), can(375, 24, 65, 95), ...(rand() > 0.5 ? [keg(20, 110, 160)] : [])],
      };
    }
    case 'wine': {
      const [variety, productType, style] = pick(rand, WINES);
      const vintage = String(2016 + Math.floor(rand() * 8));
      const region = pick(rand, REGIONS);
      return {
        title: `${region} ${variety} ${productType === 'fortified' ? 'NV' : vintage}`, productType, style,
        attributes: { alcoholicPercent: Math.round((11 + rand() * 4) * 10) / 10, variety, region, soilType: pick(rand, ['Red clay', 'Slate', 'Sandy loam', 'Limestone', 'Granite']), vintage: productType === 'fortified' ? 'NV' : vintage, traditionalOwners: pick(rand, OWNERS) },
        packages: [bottle(750, pick(rand, [6, 12]), 120, 480), ...(rand() > 0.6 ? [bottle(1500, 3, 150, 320)] : [])],
      };
    }
    case 'spirit': {
      const [title, productType] = pick(rand, SPIRITS);
      const n = () => Math.floor(rand() * 11);
      return {
        title, productType, style: '',
        attributes: { alcoholicPercent: Math.round(37 + rand() * 20), juniper: productType === 'gin' ? 6 + Math.floor(rand() * 5) : n(), citrus: n(), floral: n(), fruit: n(), herbal: n(), spice: n() },
        packages: [bottle(700, 6, 300, 620), ...(rand() > 0.5 ? [bottle(200, 12, 180, 260)] : [])],
      };
    }
    default: {
      const [title, productType] = pick(rand, SIMPLE[kind] ?? [['Drink', PRODUCT_TYPES[kind][0] ?? '']]);
      const packages = kind === 'cider' ? [keg(30, 150, 230), can(375, 24, 60, 85)]
        : kind === 'mixer' ? [can(250, 24, 30, 55), bottle(200, 24, 35, 60)]
          : kind === 'wellness' ? [bottle(330, 12, 36, 60), can(250, 24, 40, 70)]
            : [can(375, 24, 55, 85), ...(rand() > 0.5 ? [bottle(330, 24, 60, 90)] : [])];
      return { title, productType, style: '', attributes: kind === 'cider' || kind === 'rtd' ? { alcoholicPercent: Math.round((4 + rand() * 3) * 10) / 10 } : {}, packages };
    }
  }
}

/** Brands, listings and images of the demo catalog, for the supplier ids identity gave the seeded accounts. */
export function demoCatalog(ids: Map<string, string>, yarraValleyId: string | undefined): {
  brands: SeedBrand[];
  listings: SeedListing[];
  images: Array<{ ownerId: string; image: () => Promise<ProcessedImage> }>;
  logos: Record<string, number>;
  headers: Record<string, number>;
} {
  const rand = mulberry32(2026);
  const kinds = new Map(KINDS.map((k, i) => [k, i]));
  const suppliers = SUPPLIERS.map((s) => ({ ...s, id: ids.get(supplierEmail(s.brand)) ?? '' })).filter((s) => s.id);
  const all = yarraValleyId
    ? [...suppliers, { brand: 'Yarra Valley Brewing', first: 'Sam', last: 'Brewer', town: 'Healesville', state: 'VIC' as AuState, postcode: '3777', focus: ['beer', 'cider'] as Kind[], bio: '', id: yarraValleyId }]
    : suppliers;
  const imageOwner = all[0]?.id ?? '';
  const brands: SeedBrand[] = all.map((s) => ({
    id: s.id, brandName: s.brand, displayName: `${s.first} ${s.last}`, description: s.bio,
    deliveryNotes: `Delivers across ${s.state} weekly; interstate by pallet freight.`, discountNotes: 'Ask about volume pricing on 10+ units.',
    collections: ['Core range', 'Seasonal'],
  }));
  const listings: SeedListing[] = [];
  const start = Date.UTC(2026, 0, 5);
  // Every category and service gets listings: each supplier covers its focus, then each kind is topped up to at least 8.
  const counts = new Map<Kind, number>();
  const add = (s: (typeof all)[number], kind: Kind) => {
    const isService = (SERVICE_CATEGORIES as readonly string[]).includes(kind);
    const roll = rand();
    const state: SeedListing['state'] = roll < 0.04 ? 'closed' : 'published';
    const stockRoll = rand();
    const stock = stockRoll < 0.06 ? 0 : stockRoll < 0.2 ? 1 + Math.floor(rand() * 10) : stockRoll < 0.3 ? 11 + Math.floor(rand() * 9) : 20 + Math.floor(rand() * 200);
    const base = {
      ...EMPTY_LISTING_FIELDS,
      description: `${s.bio} ${pick(rand, DESCRIPTIONS)}`,
      location: { address: `${s.town} ${s.state} ${s.postcode}`, state: s.state, postcode: s.postcode, lat: 0, lng: 0 },
      collection: rand() > 0.7 ? 'Seasonal' : 'Core range',
    };
    if (isService) {
      const service = kind as ServiceCategory;
      listings.push({
        authorId: s.id, state, stock: Math.max(stock, 5), images: [kinds.get(kind) ?? 0], createdAt: new Date(start + listings.length * 3_600_000 * 7),
        fields: {
          ...base, listingType: 'service', category: service, title: pick(rand, SERVICES[service]),
          pricePackages: [{ packageType: 'services', size: 0, unit: '', quantity: 1, priceCents: dollars(rand, 150, 2500), sku: `SVC-${listings.length}` }],
        },
      });
    } else {
      const p = productFor(kind as Category, rand);
      listings.push({
        authorId: s.id, state, stock, images: [kinds.get(kind) ?? 0], createdAt: new Date(start + listings.length * 3_600_000 * 7),
        fields: {
          ...base, listingType: 'product', category: kind, title: p.title, productType: p.productType, style: p.style, attributes: p.attributes,
          pricePackages: p.packages.map((pp, i) => ({ ...pp, sku: `${slug(s.brand).slice(0, 6).toUpperCase()}-${listings.length}-${i}` })),
          pickupEnabled: true, shippingEnabled: rand() > 0.25,
          // Every fifth product is offered only in its home state and the neighbours (fresh kegs don't travel far).
          visibleStates: listings.length % 5 === 0 ? [...NEIGHBOURS[s.state]] : [],
        },
      });
    }
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  };
  for (const s of all) for (let i = 0; i < 10; i++) add(s, s.focus[i % s.focus.length] as Kind);
  for (const kind of KINDS) {
    while ((counts.get(kind) ?? 0) < 8) {
      const owner = all.find((s) => s.focus.includes(kind)) ?? all[0];
      if (!owner) break;
      add(owner, kind);
    }
  }
  // Category cards first (listings point at them by kind), then each brand's logo and header.
  const images = KINDS.map((k) => ({ ownerId: imageOwner, image: categoryImage(k) }));
  const logos: Record<string, number> = {};
  const headers: Record<string, number> = {};
  for (const s of all) {
    logos[s.id] = images.push({ ownerId: s.id, image: brandLogo(s.brand, s.focus) }) - 1;
    headers[s.id] = images.push({ ownerId: s.id, image: brandHeader(s.brand, s.town, s.state, s.focus) }) - 1;
  }
  return { brands, listings, images, logos, headers };
}


/** Seed the demo suppliers (identity) and their catalog (once; a catalog with listings is left alone). */
export async function seedDemoCatalog(identity: Parameters<typeof ensureAccounts>[0], catalog: CatalogDeps, yarraValleyEmail = 'supplier@example.com'): Promise<number> {
  const ids = await ensureAccounts(identity, demoSupplierAccounts());
  const yarra = await identity.db.selectFrom('users').select('id').where('email', '=', yarraValleyEmail).where('deleted_at', 'is', null).executeTakeFirst();
  return seedCatalog(catalog, demoCatalog(ids, yarra?.id));
}
