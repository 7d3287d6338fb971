import { ENTRY_PROBLEMS, entryProblem } from './cart';

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
