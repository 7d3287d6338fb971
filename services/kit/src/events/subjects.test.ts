import { assertFilters, filtersOverlap, isValidFilter, isValidSubject, subjectMatches } from './subjects';

describe('subjectMatches', () => {
  test.each([
    ['accounts.user.signed_up', 'accounts.user.signed_up', true],
    ['accounts.user.signed_up', 'accounts.user.deleted', false],
    ['accounts.user.*', 'accounts.user.signed_up', true],
    ['accounts.user.*', 'accounts.user', false],
    ['accounts.user.*', 'accounts.user.signed_up.extra', false],
    ['accounts.*.deleted', 'accounts.user.deleted', true],
    ['*.*.*', 'orders.order.purchased', true],
    ['accounts.>', 'accounts.user.signed_up', true],
    ['accounts.>', 'accounts.user', true],
    ['accounts.>', 'identity', false],
    ['accounts.>', 'identityx.user', false],
    ['>', 'orders.order.purchased', true],
    ['*.order.>', 'orders.order.purchased', true],
    ['*.order.>', 'orders.order', false],
    ['orders', 'orders.order', false],
  ])('%s vs %s → %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
  });
});

describe('subject and filter validity', () => {
  test('subjects have no wildcards or empty tokens', () => {
    expect(isValidSubject('orders.order.purchased')).toBe(true);
    expect(isValidSubject('orders.*.purchased')).toBe(false);
    expect(isValidSubject('orders..purchased')).toBe(false);
    expect(isValidSubject('')).toBe(false);
    expect(isValidSubject('orders order')).toBe(false);
  });
  test('> only as the last token', () => {
    expect(isValidFilter('orders.>')).toBe(true);
    expect(isValidFilter('>')).toBe(true);
    expect(isValidFilter('orders.>.x')).toBe(false);
    expect(isValidFilter('orders.*')).toBe(true);
    expect(isValidFilter('orders.a*')).toBe(false);
    expect(isValidFilter('orders.')).toBe(false);
  });
});

describe('filtersOverlap', () => {
  test.each([
    ['accounts.>', 'accounts.user.*', true],
    ['accounts.user.*', 'accounts.*.deleted', true],
    ['accounts.user.*', 'listings.user.*', false],
    ['accounts.>', 'identity', false],
    ['a.*', 'a.b.c', false],
    ['a.b', 'a.b', true],
    ['>', 'x', true],
  ])('%s / %s → %s', (a, b, expected) => {
    expect(filtersOverlap(a, b)).toBe(expected);
    expect(filtersOverlap(b, a)).toBe(expected);
  });
  test('assertFilters refuses empty, invalid and overlapping lists', () => {
    expect(() => assertFilters('c', [])).toThrow(/at least one/);
    expect(() => assertFilters('c', ['a..b'])).toThrow(/invalid/);
    expect(() => assertFilters('c', ['accounts.>', 'accounts.user.*'])).toThrow(/overlap/);
    expect(() => assertFilters('c', ['accounts.>', 'listings.>'])).not.toThrow();
  });
});
