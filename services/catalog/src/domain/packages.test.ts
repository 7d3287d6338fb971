import { lineDescription, packageLabel } from './packages';

// One wording of a package for every line item (cart, checkout, order, invoice).
describe('packageLabel', () => {
  test.each([
    [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1 }, 'Keg 50 L'],
    [{ packageType: 'can', size: 375, unit: 'ml', quantity: 24 }, 'Can 375 ml × 24'],
    [{ packageType: 'bottle', size: 750, unit: 'ml', quantity: 6 }, 'Bottle 750 ml × 6'],
    [{ packageType: 'services', size: 0, unit: '', quantity: 1 }, 'Service'],
  ])('%j → %s', (pkg, want) => {
    expect(packageLabel(pkg)).toBe(want);
  });

  test('a line item reads title — package', () => {
    expect(lineDescription('Heathcote Shiraz', { packageType: 'bottle', size: 750, unit: 'ml', quantity: 12 })).toBe('Heathcote Shiraz — Bottle 750 ml × 12');
  });
});
