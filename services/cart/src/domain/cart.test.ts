import { ENTRY_PROBLEMS, entryProblem } from './cart';
import { lineDescription, packageLabel } from './packages';

describe('entryProblem', () => {
  const listing = { published: true, packageCount: 2, stock: 5 };
  test.each([
    ['gone', null, 0, 1, ENTRY_PROBLEMS.listingUnavailable],
    ['not published', { ...listing, published: false }, 0, 1, ENTRY_PROBLEMS.listingUnavailable],
    ['package removed', listing, 2, 1, ENTRY_PROBLEMS.packageMissing],
    ['negative package', listing, -1, 1, ENTRY_PROBLEMS.packageMissing],
    ['above stock', listing, 1, 6, ENTRY_PROBLEMS.notEnoughStock],
    ['exactly the stock', listing, 1, 5, ''],
    ['within stock', listing, 0, 1, ''],
  ] as const)('%s', (_name, view, packageIndex, inCart, want) => {
    expect(entryProblem(view, packageIndex, inCart)).toBe(want);
  });
});

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
