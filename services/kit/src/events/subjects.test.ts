import { assertFilters, filtersOverlap, isValidFilter, isValidSubject, subjectMatches } from './subjects';

describe('subjectMatches', () => {
  test.each([
    ['identity.user.signed_up', 'identity.user.signed_up', true],
    ['identity.user.signed_up', 'identity.user.deleted', false],
    ['identity.user.*', 'identity.user.signed_up', true],
    ['identity.user.*', 'identity.user', false],
    ['identity.user.*', 'identity.user.signed_up.extra', false],
    ['identity.*.deleted', 'identity.user.deleted', true],
    ['*.*.*', 'orders.order.purchased', true],
    ['identity.>', 'identity.user.signed_up', true],
    ['identity.>', 'identity.user', true],
    ['identity.>', 'identity', false],
    ['identity.>', 'identityx.user', false],
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
    ['identity.>', 'identity.user.*', true],
    ['identity.user.*', 'identity.*.deleted', true],
    ['identity.user.*', 'catalog.user.*', false],
    ['identity.>', 'identity', false],
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
    expect(() => assertFilters('c', ['identity.>', 'identity.user.*'])).toThrow(/overlap/);
    expect(() => assertFilters('c', ['identity.>', 'catalog.>'])).not.toThrow();
  });
});
