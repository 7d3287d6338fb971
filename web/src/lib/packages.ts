import { type PricePackage } from '@caskade/catalog/domain';
/** Wording of a price package: "50 L keg", "24 × 375 ml cans", "Service". */

const NOUNS: Record<string, [one: string, many: string]> = {
  keg: ['keg', 'kegs'],
  bottle: ['bottle', 'bottles'],
  can: ['can', 'cans'],
  services: ['service', 'services'],
};

export function packageLabel(p: Pick<PricePackage, 'packageType' | 'size' | 'unit' | 'quantity'>): string {
  const [one, many] = NOUNS[p.packageType] ?? [p.packageType, p.packageType];
  const size = p.size > 0 && p.unit ? `${p.size.toLocaleString('en-AU')} ${p.unit} ` : '';
  if (p.packageType === 'services') return p.quantity > 1 ? `${p.quantity} × service` : 'Service';
  return p.quantity > 1 ? `${p.quantity} × ${size}${many}` : `${size}${one}`;
}
