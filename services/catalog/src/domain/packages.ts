/** Price packages (keg, bottle, can, services): sizes, units, bounds and validation (spec §3, §5, constants §9). Pure. */
import { CATALOG_MSG } from './messages';
import type { PricePackage } from './inputs';

export type { PricePackage } from './inputs';

export const PACKAGE_TYPES = ['keg', 'bottle', 'can', 'services'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const KEG_SIZES_L = [20, 30, 50] as const;
export const BOTTLE_ML = { min: 100, max: 1500 } as const;
export const CAN_ML = { min: 200, max: 500 } as const;
export const PACKAGE_UNITS: Record<PackageType, string> = { keg: 'L', bottle: 'ml', can: 'ml', services: '' };
export const MAX_PRICE_PACKAGES = 20;
/** A million dollars: no wholesale package costs more; keeps every total a safe integer. */
export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_PACKAGE_QUANTITY = 100_000;


/** Is `size` allowed for the package type (kegs 20/30/50 L, bottles 100–1500 ml, cans 200–500 ml, services none)? */
export function isValidPackageSize(packageType: string, size: number): boolean {
  if (!Number.isInteger(size)) return false;
  switch (packageType) {
    case 'keg':
      return (KEG_SIZES_L as readonly number[]).includes(size);
    case 'bottle':
      return size >= BOTTLE_ML.min && size <= BOTTLE_ML.max;
    case 'can':
      return size >= CAN_ML.min && size <= CAN_ML.max;
    case 'services':
      return size === 0;
    default:
      return false;
  }
}

export const isValidPriceCents = (cents: number): boolean => Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_PRICE_CENTS;

/** One row's errors, keyed `pricePackages.<i>.<field>`. */
export function validatePricePackage(listingType: string, row: PricePackage, i: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const at = (f: string) => `pricePackages.${i}.${f}`;
  const allowed = listingType === 'service' ? ['services'] : ['keg', 'bottle', 'can'];
  if (!allowed.includes(row.packageType)) errors[at('packageType')] = row.packageType ? CATALOG_MSG.packageTypeInvalid : CATALOG_MSG.required;
  else {
    if (!isValidPackageSize(row.packageType, row.size)) errors[at('size')] = CATALOG_MSG.packageSizeInvalid;
    if (row.unit !== PACKAGE_UNITS[row.packageType as PackageType]) errors[at('unit')] = CATALOG_MSG.invalid;
  }
  if (!Number.isInteger(row.quantity) || row.quantity < 1) errors[at('quantity')] = CATALOG_MSG.quantityInvalid;
  else if (row.quantity > MAX_PACKAGE_QUANTITY) errors[at('quantity')] = CATALOG_MSG.packageQuantityTooHigh;
  if (Number.isInteger(row.priceCents) && row.priceCents > MAX_PRICE_CENTS) errors[at('priceCents')] = CATALOG_MSG.priceTooHigh;
  else if (!isValidPriceCents(row.priceCents)) errors[at('priceCents')] = CATALOG_MSG.priceAboveZero;
  if (row.sku.length > 64) errors[at('sku')] = CATALOG_MSG.tooLong;
  return errors;
}

/** The listing's price: its lowest package price (0 with no packages). */
export function lowestPriceCents(packages: readonly Pick<PricePackage, 'priceCents'>[]): number {
  return packages.length === 0 ? 0 : Math.min(...packages.map((p) => p.priceCents));
}

// How a price package reads on a line item (the cart's, a checkout's, an order's and its invoice's):
// one wording for every service that writes one.

export interface PackageLike {
  packageType: string;
  size: number;
  unit: string;
  quantity: number;
}

const TYPE_NAMES: Record<string, string> = { keg: 'Keg', bottle: 'Bottle', can: 'Can', services: 'Service' };

/** `Keg 50 L`, `Can 375 ml × 24`, `Service`: the type, its size and how many come in one package. */
export function packageLabel(pkg: PackageLike): string {
  const name = TYPE_NAMES[pkg.packageType] ?? pkg.packageType;
  const size = pkg.size > 0 ? ` ${pkg.size}${pkg.unit ? ` ${pkg.unit}` : ''}` : '';
  const count = pkg.quantity > 1 ? ` × ${pkg.quantity}` : '';
  return `${name}${size}${count}`;
}

/** A line item's description: the listing's title and the package. */
export const lineDescription = (title: string, pkg: PackageLike): string => `${title} — ${packageLabel(pkg)}`;
