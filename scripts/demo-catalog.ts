/**
 * Demo catalog for the embedded mode: 30 suppliers (identity accounts) with their brands and 300+
 * listings across every product category and every service category, so search, brand pages and
 * listing pages look real (docs/decisions/059): every listing has its own title, a description
 * written from its attributes and its own label (an SVG composed per listing — the product's
 * can, bottle or keg in its style's colour with its name, brand and strength — rendered with sharp);
 * a supplier sells only what its trade makes (no brewery sells cider), and drinks are newer than
 * services, so the default search opens on drinks. Deterministic: the same data on every fresh start.
 */
import { CATEGORIES, CATEGORY_LABELS, type AuState, type Category } from '@caskade/kit';
import { renderDemoImage, seedCatalog, type CatalogDeps, type ProcessedImage, type SeedBrand, type SeedListing } from '@caskade/catalog';
import { ensureAccounts, type SeedAccount } from '@caskade/identity';
import { DEMO_PASSWORD } from './demo-data';
import { EMPTY_LISTING_FIELDS, PRODUCT_TYPES, SERVICE_CATEGORIES, SERVICE_CATEGORY_LABELS, STYLES, optionLabel, type ListingAttributes, type PricePackage, type ServiceCategory } from '@caskade/catalog/domain';

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
  { brand: 'Southerly Brewing Co', first: 'Tom', last: 'Gale', town: 'Hobart', state: 'TAS', postcode: '7000', focus: ['beer', 'low-alcohol'], bio: 'Tasmanian water, Tasmanian hops, Southern Ocean weather.' },
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
/** Services: one muted colour per trade. */
const SERVICE_COLOUR = '#44576b';
const kindLabel = (k: Kind) => (k in CATEGORY_LABELS ? CATEGORY_LABELS[k as Category] : SERVICE_CATEGORY_LABELS[k as ServiceCategory]);
const isServiceKind = (k: Kind): k is ServiceCategory => (SERVICE_CATEGORIES as readonly string[]).includes(k);

const svgText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const initials = (brand: string) => brand.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w)).slice(0, 2).map((w) => w[0]).join('').toUpperCase();
/** A supplier's colour: the colour of its first focus category. */
const brandColour = (focus: readonly Kind[]) => COLOURS[focus[0] ?? ''] ?? SERVICE_COLOUR;

/** A square logo: the brand's initials on its colour. */
function brandLogo(brand: string, focus: readonly Kind[]): () => Promise<ProcessedImage> {
  return () => renderDemoImage(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
      <rect width="480" height="480" fill="#fafaf9"/>
      <circle cx="240" cy="240" r="200" fill="${brandColour(focus)}"/>
      <circle cx="240" cy="240" r="178" fill="none" stroke="#fafaf9" stroke-width="6" stroke-opacity="0.6"/>
      <text x="240" y="282" font-family="DejaVu Sans, Arial, sans-serif" font-size="132" font-weight="bold" fill="#fafaf9" text-anchor="middle">${svgText(initials(brand))}</text>
    </svg>`);
}

/** A 16:9 header: the brand's name and home town over a gradient of its colour. */
function brandHeader(brand: string, town: string, state: string, focus: readonly Kind[]): () => Promise<ProcessedImage> {
  const colour = brandColour(focus);
  return () => renderDemoImage(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
      <defs><linearGradient id="h" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#1c1917"/></linearGradient></defs>
      <rect width="1600" height="900" fill="url(#h)"/>
      <circle cx="1320" cy="180" r="420" fill="#ffffff" fill-opacity="0.06"/>
      <circle cx="220" cy="860" r="300" fill="#ffffff" fill-opacity="0.05"/>
      <text x="120" y="470" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="bold" fill="#fafaf9">${svgText(brand)}</text>
      <text x="124" y="550" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#e7e5e4">${svgText(`${town}, ${state}`)}</text>
    </svg>`);
}

// ---- a label per listing -------------------------------------------------------------------------

/** The colour a drink pours (beer's colour attribute, wine's type, a spirit's type), else its category's. */
const POUR_COLOURS: Record<string, string> = {
  Straw: '#e3c04f', Gold: '#d39a1c', Amber: '#b5621b', Copper: '#934318', Black: '#2a1a12',
  red: '#6d1a2e', white: '#cdb65c', rose: '#d98797', sparkling: '#d8c56d', orange: '#cf7f2f', fortified: '#5a2a14', dessert: '#bf8a22',
  gin: '#4f85a0', whisky: '#a1601c', rum: '#76391a', vodka: '#7f9cb3', brandy: '#8e421c', agave: '#7f8b31', liqueur: '#b8921f', amaro: '#5b2333',
};

type Vessel = 'can' | 'bottle' | 'wine-bottle' | 'keg' | 'service';

/** The vessel's silhouette, centred at x = 400, with the brand's initials on its label band. */
function vesselSvg(vessel: Vessel, colour: string, mark: string): string {
  const label = (y: number, h: number, x = 310, w = 180) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}"/><text x="400" y="${y + h / 2 + 20}" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="bold" fill="#fafaf9" text-anchor="middle">${svgText(mark)}</text>`;
  switch (vessel) {
    case 'can':
      return `<rect x="300" y="150" width="200" height="330" rx="26" fill="#e7e5e4"/><rect x="312" y="138" width="176" height="24" rx="10" fill="#d6d3d1"/>${label(230, 170, 300, 200)}`;
    case 'bottle':
      return `<rect x="370" y="90" width="60" height="110" rx="10" fill="#e7e5e4"/><rect x="310" y="180" width="180" height="320" rx="40" fill="#e7e5e4"/>${label(300, 150)}`;
    case 'wine-bottle':
      return `<rect x="375" y="70" width="50" height="140" rx="10" fill="#e7e5e4"/><rect x="320" y="190" width="160" height="320" rx="60" fill="#e7e5e4"/>${label(320, 130, 320, 160)}`;
    case 'keg':
      return `<rect x="260" y="150" width="280" height="340" rx="34" fill="#d6d3d1"/><rect x="260" y="196" width="280" height="14" fill="#a8a29e"/><rect x="260" y="430" width="280" height="14" fill="#a8a29e"/>${label(250, 150, 260, 280)}`;
    case 'service':
      return `<circle cx="400" cy="300" r="165" fill="#e7e5e4"/><circle cx="400" cy="300" r="130" fill="${colour}"/><text x="400" y="322" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#fafaf9" text-anchor="middle">${svgText(mark)}</text>`;
  }
}

/** Up to two lines of at most `width` characters, broken between words; the rest ellipsised. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.length > 2 ? [lines[0] ?? '', `${(lines[1] ?? '').slice(0, width - 1)}…`] : lines;
}

interface LabelContent {
  title: string;
  brand: string;
  detail: string;
  colour: string;
  vessel: Vessel;
}

/** An 800×800 label: the vessel on a gradient of the drink's colour, the product's name, brand and detail line. */
function labelImage(l: LabelContent): () => Promise<ProcessedImage> {
  const lines = wrap(l.title, 22);
  const titleY = lines.length === 1 ? 620 : 596;
  return () => renderDemoImage(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${l.colour}"/><stop offset="1" stop-color="#1c1917"/></linearGradient></defs>
      <rect width="800" height="800" fill="url(#g)"/>
      <circle cx="660" cy="120" r="210" fill="#ffffff" fill-opacity="0.07"/>
      ${vesselSvg(l.vessel, l.vessel === 'service' ? l.colour : '#1c1917', initials(l.brand))}
      ${lines.map((line, i) => `<text x="400" y="${titleY + i * 54}" font-family="DejaVu Sans, Arial, sans-serif" font-size="46" font-weight="bold" fill="#fafaf9" text-anchor="middle">${svgText(line)}</text>`).join('')}
      <text x="400" y="${titleY + lines.length * 54 + 14}" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#e7e5e4" text-anchor="middle">${svgText(`${l.brand} · ${l.detail}`)}</text>
    </svg>`);
}

// ---- listing content -----------------------------------------------------------------------------

const BEER_STYLE_TYPE: Record<string, string> = {
  'pale-ale': 'ale', ipa: 'ale', 'hazy-ipa': 'ale', xpa: 'ale', pilsner: 'lager', lager: 'lager', amber: 'ale', 'brown-ale': 'ale', porter: 'ale',
  stout: 'ale', sour: 'sour-wild', gose: 'sour-wild', saison: 'hybrid', wheat: 'hybrid', 'red-ale': 'ale', 'dark-lager': 'lager',
};
const BEER_NAMES = ['Galaxy', 'Harbour', 'Sundowner', 'Dusty Road', 'Southern Cross', 'Bushfire', 'Tidal', 'Paddock', 'Ridge Line', 'Lighthouse', 'Magpie', 'Copper', 'Wattle', 'Kingfisher', 'Low Tide', 'Stringybark'];
/** Range names for the other drinks (a distillery's gins, a cider house's ciders…), so no two listings share a title. */
const RANGE_NAMES = ['Coastal', 'Ironbark', 'Saltbush', 'Granite', 'Midnight', 'Riverbend', 'Highland', 'Firetail', 'Bluegum', 'Tidewater', 'Bellbird', 'Red Dirt', 'Wild Fig', 'Seaspray', 'Frostline', 'Quandong'];
const HOPS = ['Galaxy and Vic Secret', 'Ella and Enigma', 'Cascade and Centennial', 'Mosaic and Citra', 'Pride of Ringwood', 'Topaz and Summer'];
const MALTS = ['pale and crystal', 'pilsner', 'Munich and Vienna', 'pale and roasted barley', 'wheat and pilsner'];
const WINES: Array<[string, string, string]> = [
  ['Shiraz', 'red', 'full-bodied'], ['Grenache', 'red', 'medium-bodied'], ['Pinot Noir', 'red', 'light-bodied'], ['Cabernet Sauvignon', 'red', 'full-bodied'],
  ['Chardonnay', 'white', 'crisp'], ['Riesling', 'white', 'dry'], ['Semillon', 'white', 'crisp'], ['Sauvignon Blanc', 'white', 'aromatic'],
  ['Rosé', 'rose', 'dry'], ['Sparkling Pinot Chardonnay', 'sparkling', 'crisp'], ['Pet Nat', 'sparkling', 'pet-nat'], ['Skin Contact Pinot Gris', 'orange', 'natural'],
  ['Tawny', 'fortified', 'sweet'], ['Botrytis Semillon', 'dessert', 'sweet'],
];
/** A winery's own region (by its town); wines come from where they are grown. */
const TOWN_REGIONS: Record<string, string> = {
  Tanunda: 'Barossa Valley', 'Yarra Glen': 'Yarra Valley', 'Margaret River': 'Margaret River', Pokolbin: 'Hunter Valley', Clare: 'Clare Valley',
  Launceston: 'Tamar Valley', Mudgee: 'Mudgee',
};
const REGIONS = ['Heathcote', 'McLaren Vale', 'Rutherglen', 'Great Southern'];
const OWNERS = ['Peramangk', 'Wurundjeri', 'Wadandi', 'Wonnarua', 'Ngadjuri', 'Palawa', 'Wiradjuri', 'Taungurung', 'Kaurna'];
const SPIRITS: Array<[string, string]> = [
  ['Native Botanical Gin', 'gin'], ['Navy Strength Gin', 'gin'], ['Single Malt Whisky', 'whisky'], ['Rye Whisky', 'whisky'], ['Spiced Rum', 'rum'],
  ['Dark Cane Rum', 'rum'], ['Wheat Vodka', 'vodka'], ['Apple Brandy', 'brandy'], ['Agave Spirit', 'agave'], ['Lemon Myrtle Liqueur', 'liqueur'], ['Bush Amaro', 'amaro'],
];
/** What a supplier makes, from its first focus: a brewery's low-alcohol drink is a beer, a distillery's RTD spirit-based. */
type Trade = 'beer' | 'wine' | 'spirit' | 'other';
const tradeOf = (focus: readonly Kind[]): Trade => (focus[0] === 'beer' || focus[0] === 'wine' || focus[0] === 'spirit' ? focus[0] : 'other');
/** [title, type, the trades that make it (empty: anyone)]. */
const SIMPLE: Record<string, Array<[string, string, Trade[]]>> = {
  cider: [['Pink Lady Apple Cider', 'apple', []], ['Williams Pear Cider', 'pear', []], ['Cherry Cider', 'fruit', []], ['Farmhouse Scrumpy', 'scrumpy', []], ['Dry Apple Cider', 'apple', []]],
  'low-alcohol': [
    ['Mid-Strength Pale', 'beer', ['beer']], ['Light Lager', 'beer', ['beer']], ['Session Ale', 'beer', ['beer']], ['Half-Strength Rosé', 'wine', ['wine']],
    ['Light Riesling', 'wine', ['wine']], ['Low-Proof Spritz', 'rtd', ['spirit', 'other']], ['Lighter Gin', 'spirit', ['spirit']],
  ],
  mixer: [['Indian Tonic Water', 'tonic', []], ['Native Finger Lime Soda', 'soda', []], ['Fiery Ginger Beer', 'ginger-beer', []], ['Cold-Pressed Orange Juice', 'juice', []], ['Rich Demerara Syrup', 'syrup', []], ['Aromatic Bitters', 'bitters', []]],
  rtd: [
    ['Gin & Tonic', 'spirit-based', ['spirit']], ['Rum & Ginger', 'spirit-based', ['spirit']], ['Wine Spritz', 'wine-based', ['wine']], ['Lime Hard Seltzer', 'seltzer', ['beer']],
    ['Yuzu Hard Seltzer', 'seltzer', ['beer']], ['Espresso Martini', 'cocktail', ['spirit']], ['Margarita', 'cocktail', ['spirit']],
  ],
  wellness: [['Ginger Kombucha', 'kombucha', []], ['Berry Water Kefir', 'kefir', []], ['Adaptogen Sparkling', 'functional', []], ['Lemon Myrtle Iced Tea', 'tea', []]],
  'zero-alcohol': [
    ['Zero Pale Ale', 'beer', ['beer']], ['Zero XPA', 'beer', ['beer']], ['Alcohol-Free Lager', 'beer', ['beer']], ['Alcohol-Free Sparkling', 'wine', ['wine']],
    ['Zero Rosé', 'wine', ['wine']], ['Zero-Proof Botanical', 'spirit', ['spirit']], ['Non-Alc Negroni', 'cocktail', ['spirit', 'other']], ['Non-Alc Apple Spritz', 'cocktail', ['other']],
  ],
};
const CATEGORY_NOTES: Record<string, string> = {
  cider: 'Pressed from whole fruit and fermented slowly for a clean, dry finish.',
  'low-alcohol': 'All the flavour at a lighter strength, for the drivers and the mid-week crowd.',
  mixer: 'Made for the back bar: balanced sweetness and a long, clean finish.',
  rtd: 'Ready to pour over ice, made with real spirit, wine or brew and real fruit.',
  wellness: 'Naturally fermented, low in sugar and alive.',
  'zero-alcohol': 'Under 0.5% ABV, made for full flavour without the alcohol.',
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
const SERVICE_OPTIONS = ['weekday', 'weekend', 'regional', 'priority', 'after hours'];
const NEIGHBOURS: Record<AuState, readonly AuState[]> = {
  ACT: ['ACT', 'NSW'], NSW: ['NSW', 'ACT', 'QLD', 'VIC'], NT: ['NT', 'QLD', 'SA', 'WA'], QLD: ['QLD', 'NSW', 'NT'],
  SA: ['SA', 'VIC', 'NSW', 'WA', 'NT'], TAS: ['TAS', 'VIC'], VIC: ['VIC', 'NSW', 'SA', 'TAS'], WA: ['WA', 'SA', 'NT'],
};

const dollars = (rand: () => number, min: number, max: number) => Math.round((min + rand() * (max - min)) * 100 / 50) * 50;
const pick = <T,>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'An' : 'A');
const packagesText = (packages: readonly PricePackage[]) =>
  packages.map((p) => (p.packageType === 'keg' ? `${p.size} L kegs` : `${p.quantity} × ${p.size} ml ${p.packageType}s`)).join(' and ');

type DemoOwner = DemoSupplier & { id: string };

interface Product {
  title: string;
  productType: string;
  style: string;
  attributes: ListingAttributes;
  packages: PricePackage[];
  description: string;
  label: Omit<LabelContent, 'title' | 'brand'>;
}

/**
 * One product of a category as its supplier would make it. `unique` turns a candidate title into one
 * no other listing has (it is asked again with another candidate while taken).
 */
function productFor(kind: Category, s: DemoOwner, rand: () => number, unique: (candidate: () => string) => string): Product {
  const can = (size: number, qty: number, min: number, max: number): PricePackage => ({ packageType: 'can', size, unit: 'ml', quantity: qty, priceCents: dollars(rand, min, max), sku: '' });
  const bottle = (size: number, qty: number, min: number, max: number): PricePackage => ({ packageType: 'bottle', size, unit: 'ml', quantity: qty, priceCents: dollars(rand, min, max), sku: '' });
  const keg = (size: 20 | 30 | 50, min: number, max: number): PricePackage => ({ packageType: 'keg', size, unit: 'L', quantity: 1, priceCents: dollars(rand, min, max), sku: '' });
  const where = `${s.town}, ${s.state}`;
  const vesselOf = (packages: readonly PricePackage[], wine = false): Vessel => {
    const first = packages[0]?.packageType;
    return first === 'keg' ? 'keg' : first === 'can' ? 'can' : wine ? 'wine-bottle' : 'bottle';
  };
  switch (kind) {
    case 'beer': {
      const style = pick(rand, STYLES.beer ?? []);
      const label = optionLabel(style).replace(/\b\w/g, (c) => c.toUpperCase());
      const styleWords = label.toLowerCase().replace(/\b(ipa|xpa)\b/g, (m) => m.toUpperCase());
      const abv = Math.round((3.5 + rand() * 5) * 10) / 10;
      const colour = pick(rand, ['Straw', 'Gold', 'Amber', 'Copper', 'Black']);
      const hops = pick(rand, HOPS);
      const malts = pick(rand, MALTS);
      const vegan = rand() > 0.3;
      const packages = [rand() > 0.5 ? can(375, 24, 65, 95) : keg(50, 220, 340), ...(rand() > 0.5 ? [keg(20, 110, 160)] : [can(440, 16, 70, 100)])];
      return {
        title: unique(() => `${pick(rand, BEER_NAMES)} ${label}`), productType: BEER_STYLE_TYPE[style] ?? 'ale', style,
        attributes: { alcoholicPercent: abv, colour, malts: malts.charAt(0).toUpperCase() + malts.slice(1), hops, vegan },
        packages,
        description: `${article(colour)} ${colour.toLowerCase()} ${styleWords} at ${abv}% ABV, hopped with ${hops} over ${malts} malt${vegan ? ', and vegan friendly' : ''}. Brewed by ${s.brand} in ${where}; sold in ${packagesText(packages)}.`,
        label: { detail: `${label} · ${abv}%`, colour: POUR_COLOURS[colour] ?? COLOURS.beer ?? SERVICE_COLOUR, vessel: vesselOf(packages) },
      };
    }
    case 'wine': {
      const [variety, productType, style] = pick(rand, WINES);
      const region = TOWN_REGIONS[s.town] ?? pick(rand, REGIONS);
      const fortified = productType === 'fortified';
      let vintage = 'NV';
      const title = unique(() => {
        vintage = fortified ? 'NV' : String(2016 + Math.floor(rand() * 8));
        return fortified ? `${pick(rand, RANGE_NAMES)} ${region} ${variety}` : `${region} ${variety} ${vintage}`;
      });
      const abv = Math.round((fortified ? 18 + rand() * 2 : 11 + rand() * 4) * 10) / 10;
      const soil = pick(rand, ['Red clay', 'Slate', 'Sandy loam', 'Limestone', 'Granite']);
      const owners = pick(rand, OWNERS);
      const packages = [bottle(750, pick(rand, [6, 12]), 120, 480), ...(rand() > 0.6 ? [bottle(1500, 3, 150, 320)] : [])];
      return {
        title, productType, style,
        attributes: { alcoholicPercent: abv, variety, region, soilType: soil, vintage, traditionalOwners: owners },
        packages,
        description: `${variety} from the ${region}, ${fortified ? 'a non-vintage blend' : `the ${vintage} vintage`}, grown on ${soil.toLowerCase()} on ${owners} Country. ${optionLabel(style)}, ${abv}% ABV. Made by ${s.brand} in ${where}; sold in ${packagesText(packages)}.`,
        label: { detail: `${fortified ? 'NV' : vintage} · ${abv}%`, colour: POUR_COLOURS[productType] ?? COLOURS.wine ?? SERVICE_COLOUR, vessel: 'wine-bottle' },
      };
    }
    case 'spirit': {
      const [name, productType] = pick(rand, SPIRITS);
      const title = unique(() => `${pick(rand, RANGE_NAMES)} ${name}`);
      const n = () => Math.floor(rand() * 11);
      const flavours = { juniper: productType === 'gin' ? 6 + Math.floor(rand() * 5) : n(), citrus: n(), floral: n(), fruit: n(), herbal: n(), spice: n() };
      const top = Object.entries(flavours).sort((a, b) => b[1] - a[1]).slice(0, 2).map(([k]) => k);
      const abv = Math.round(37 + rand() * 20);
      const packages = [bottle(700, 6, 300, 620), ...(rand() > 0.5 ? [bottle(200, 12, 180, 260)] : [])];
      return {
        title, productType, style: '', attributes: { alcoholicPercent: abv, ...flavours }, packages,
        description: `${name} distilled by ${s.brand} in ${where}: ${abv}% ABV, with ${top.join(' and ')} to the fore. Sold in ${packagesText(packages)}.`,
        label: { detail: `${optionLabel(productType)} · ${abv}%`, colour: POUR_COLOURS[productType] ?? COLOURS.spirit ?? SERVICE_COLOUR, vessel: 'bottle' },
      };
    }
    default: {
      const trade = tradeOf(s.focus);
      const options = (SIMPLE[kind] ?? []).filter(([, , trades]) => trades.length === 0 || trades.includes(trade));
      const [name, productType] = pick(rand, options.length > 0 ? options : (SIMPLE[kind] ?? [['Drink', PRODUCT_TYPES[kind][0] ?? '', []]]));
      const title = unique(() => `${pick(rand, RANGE_NAMES)} ${name}`);
      const packages = kind === 'cider' ? [keg(30, 150, 230), can(375, 24, 60, 85)]
        : kind === 'mixer' ? [can(250, 24, 30, 55), bottle(200, 24, 35, 60)]
          : kind === 'wellness' ? [bottle(330, 12, 36, 60), can(250, 24, 40, 70)]
            : [can(375, 24, 55, 85), ...(rand() > 0.5 ? [bottle(330, 24, 60, 90)] : [])];
      const abv = kind === 'cider' || kind === 'rtd' ? Math.round((4 + rand() * 3) * 10) / 10 : kind === 'low-alcohol' ? Math.round((2 + rand() * 1.5) * 10) / 10 : null;
      return {
        title, productType, style: '', attributes: abv === null ? {} : { alcoholicPercent: abv }, packages,
        description: `${name} from ${s.brand} in ${where}. ${CATEGORY_NOTES[kind] ?? ''}${abv === null ? '' : ` ${abv}% ABV.`} Sold in ${packagesText(packages)}.`,
        label: { detail: abv === null ? kindLabel(kind) : `${kindLabel(kind)} · ${abv}%`, colour: COLOURS[kind] ?? SERVICE_COLOUR, vessel: vesselOf(packages) },
      };
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
  const suppliers: DemoOwner[] = SUPPLIERS.map((s) => ({ ...s, id: ids.get(supplierEmail(s.brand)) ?? '' })).filter((s) => s.id);
  const all: DemoOwner[] = yarraValleyId
    ? [...suppliers, { brand: 'Yarra Valley Brewing', first: 'Sam', last: 'Brewer', town: 'Healesville', state: 'VIC', postcode: '3777', focus: ['beer', 'zero-alcohol'], bio: 'Small-batch ales from the Yarra Valley.', id: yarraValleyId }]
    : suppliers;
  const brands: SeedBrand[] = all.map((s) => ({
    id: s.id, brandName: s.brand, displayName: `${s.first} ${s.last}`, description: s.bio,
    deliveryNotes: `Delivers across ${s.state} weekly; interstate by pallet freight.`, discountNotes: 'Ask about volume pricing on 10+ units.',
    collections: ['Core range', 'Seasonal'],
  }));
  const images: Array<{ ownerId: string; image: () => Promise<ProcessedImage> }> = [];
  const listings: SeedListing[] = [];
  const titles = new Set<string>();
  const unique = (candidate: () => string): string => {
    for (let attempt = 0; attempt < 30; attempt++) {
      const title = candidate();
      if (!titles.has(title.toLowerCase())) {
        titles.add(title.toLowerCase());
        return title;
      }
    }
    const base = candidate();
    for (let n = 2; ; n++) {
      const title = `${base} No. ${n}`;
      if (!titles.has(title.toLowerCase())) {
        titles.add(title.toLowerCase());
        return title;
      }
    }
  };
  // Every category and service gets listings: each supplier covers its focus, then each kind is topped up to at least 8.
  const counts = new Map<Kind, number>();
  const add = (s: DemoOwner, kind: Kind) => {
    const roll = rand();
    const state: SeedListing['state'] = roll < 0.04 ? 'closed' : 'published';
    const stockRoll = rand();
    const stock = stockRoll < 0.06 ? 0 : stockRoll < 0.2 ? 1 + Math.floor(rand() * 10) : stockRoll < 0.3 ? 11 + Math.floor(rand() * 9) : 20 + Math.floor(rand() * 200);
    const base = {
      ...EMPTY_LISTING_FIELDS,
      location: { address: `${s.town} ${s.state} ${s.postcode}`, state: s.state, postcode: s.postcode, lat: 0, lng: 0 },
      collection: rand() > 0.7 ? 'Seasonal' : 'Core range',
    };
    const image = (label: LabelContent) => images.push({ ownerId: s.id, image: labelImage(label) }) - 1;
    if (isServiceKind(kind)) {
      const name = pick(rand, SERVICES[kind]);
      const plain = `${name}, ${s.town}`;
      const title = unique(() => (titles.has(plain.toLowerCase()) ? `${plain} (${pick(rand, SERVICE_OPTIONS)})` : plain));
      listings.push({
        authorId: s.id, state, stock: Math.max(stock, 5), images: [image({ title: name, brand: s.brand, detail: kindLabel(kind), colour: SERVICE_COLOUR, vessel: 'service' })], createdAt: new Date(0),
        fields: {
          ...base, listingType: 'service', category: kind, title,
          description: `${name} from ${s.brand}, based in ${s.town}, ${s.state}. ${s.bio} Priced per job; ask about regular bookings.`,
          pricePackages: [{ packageType: 'services', size: 0, unit: '', quantity: 1, priceCents: dollars(rand, 150, 2500), sku: `SVC-${listings.length}` }],
        },
      });
    } else {
      const p = productFor(kind, s, rand, unique);
      listings.push({
        authorId: s.id, state, stock, images: [image({ title: p.title, brand: s.brand, ...p.label })], createdAt: new Date(0),
        fields: {
          ...base, listingType: 'product', category: kind, title: p.title, description: p.description, productType: p.productType, style: p.style, attributes: p.attributes,
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
  // Newest first is the default order: services are the oldest, then drinks taken from each
  // supplier in turn, so the first page of search shows many suppliers' drinks.
  const services = listings.filter((l) => l.fields.listingType === 'service');
  const bySupplier = new Map<string, SeedListing[]>();
  for (const l of listings) if (l.fields.listingType === 'product') bySupplier.set(l.authorId, [...(bySupplier.get(l.authorId) ?? []), l]);
  const drinks: SeedListing[] = [];
  for (let round = 0; drinks.length + services.length < listings.length; round++) {
    for (const queue of bySupplier.values()) if (queue[round]) drinks.push(queue[round] as SeedListing);
  }
  const start = Date.UTC(2026, 0, 5);
  [...services, ...drinks.reverse()].forEach((l, i) => {
    l.createdAt = new Date(start + i * 3_600_000 * 7);
  });
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
