/** Listing kinds and states, product categories with their types and styles, and the 13 service categories (spec §3, constants §9). Pure. */
import { CATEGORIES, type Category } from '@caskade/kit/rules';

export const LISTING_TYPES = ['product', 'service'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const LISTING_STATES = ['draft', 'pendingApproval', 'published', 'closed'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** The 13 supplier service categories (calls-errors-constants §9), keyed as the spec keys them. */
export const SERVICE_CATEGORIES = [
  'canning', 'kegs', 'gas', 'design_building', 'glassware', 'hops_malts_yeast', 'ice', 'wine_protection', 'logistics',
  'packaging', 'merch', 'cork', 'contract_brewing',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];
export const SERVICE_CATEGORY_LABELS: Record<ServiceCategory, string> = {
  canning: 'Mobile Canning Services',
  kegs: 'Keg Supply & Return Services',
  gas: 'Gas Supply & Return Services',
  design_building: 'Design & Building Services',
  glassware: 'Glassware',
  hops_malts_yeast: 'Hops / Malts / Yeast Suppliers',
  ice: 'Ice Suppliers',
  wine_protection: 'Wine Protection',
  logistics: 'Logistics',
  packaging: 'Packaging',
  merch: 'Merch',
  cork: 'Cork Suppliers',
  contract_brewing: 'Contract Brewing',
};

/** Type options of each product category. */
export const PRODUCT_TYPES: Record<Category, readonly string[]> = {
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

/** Style options; only beer and wine have them. */
export const STYLES: Partial<Record<Category, readonly string[]>> = {
  beer: [
    'pale-ale', 'ipa', 'hazy-ipa', 'xpa', 'pilsner', 'lager', 'amber', 'brown-ale', 'porter', 'stout', 'sour', 'gose', 'saison',
    'wheat', 'red-ale', 'dark-lager',
  ],
  wine: ['light-bodied', 'medium-bodied', 'full-bodied', 'crisp', 'aromatic', 'dry', 'off-dry', 'sweet', 'natural', 'pet-nat'],
};

/**
 * Which styles fit which type (beer and wine): a lager type is never offered a stout, a red wine
 * never "crisp". A type missing here (beer's `specialty`) takes every style of its category.
 */
export const STYLES_BY_TYPE: Partial<Record<Category, Readonly<Record<string, readonly string[]>>>> = {
  beer: {
    ale: ['pale-ale', 'ipa', 'hazy-ipa', 'xpa', 'amber', 'brown-ale', 'porter', 'stout', 'red-ale'],
    lager: ['pilsner', 'lager', 'dark-lager', 'amber'],
    hybrid: ['saison', 'wheat', 'amber', 'xpa'],
    'sour-wild': ['sour', 'gose', 'saison'],
  },
  wine: {
    red: ['light-bodied', 'medium-bodied', 'full-bodied', 'dry', 'natural'],
    white: ['crisp', 'aromatic', 'dry', 'off-dry', 'sweet', 'natural', 'medium-bodied', 'full-bodied'],
    rose: ['crisp', 'dry', 'off-dry', 'light-bodied', 'natural'],
    sparkling: ['crisp', 'dry', 'off-dry', 'sweet', 'natural', 'pet-nat'],
    orange: ['natural', 'dry', 'light-bodied', 'medium-bodied', 'full-bodied'],
    fortified: ['sweet', 'dry', 'medium-bodied', 'full-bodied'],
    dessert: ['sweet', 'off-dry'],
  },
};

/** The style options for a category and type, in the category's order; empty when the category has no styles. */
export function stylesFor(category: string, productType: string): readonly string[] {
  if (!isCategory(category)) return [];
  const all = STYLES[category] ?? [];
  const fitting = STYLES_BY_TYPE[category]?.[productType];
  return fitting ? all.filter((style) => fitting.includes(style)) : all;
}

/** Human label for an option key: `hazy-ipa` → `Hazy ipa`, with the usual acronyms kept. */
export function optionLabel(key: string): string {
  const upper = new Set(['ipa', 'xpa', 'rtd']);
  const words = key.split(/[-_]/).map((w) => (upper.has(w) ? w.toUpperCase() : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const isCategory = (v: string): v is Category => (CATEGORIES as readonly string[]).includes(v);
export const isServiceCategory = (v: string): v is ServiceCategory => (SERVICE_CATEGORIES as readonly string[]).includes(v);
