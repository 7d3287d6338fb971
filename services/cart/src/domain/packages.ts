/** How a price package reads on a line item and in the cart. Pure. */

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
