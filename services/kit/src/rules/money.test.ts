import fc from 'fast-check';
import { formatAud, GST_RATE, gstCents, taxCents, wetCents, withGst } from './money';

describe('money: taxes on integer cents', () => {
  test.each([
    [0, 0], [1, 0], [4, 0], [5, 1], [14, 1], [15, 2], [5450, 545], [5455, 546], [24_500, 2_450], [100_000_000, 10_000_000],
  ])('GST on %i cents is %i cents (half up)', (cents, gst) => expect(gstCents(cents)).toBe(gst));

  test.each([[0, 0], [100, 29], [2_000, 580], [1_999, 580], [1_724, 500], [1_723, 500], [1_722, 499]])('WET on %i cents is %i cents', (cents, wet) => {
    expect(wetCents(cents)).toBe(wet);
  });

  test('withGst adds up', () => {
    expect(withGst(5450)).toEqual({ exGst: 5450, gst: 545, incGst: 5995 });
  });

  test('refuses amounts that are not non-negative integers of cents', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) expect(() => gstCents(bad)).toThrow(RangeError);
  });

  test('a tax is an integer, never negative, within half a cent of the exact value, and monotonic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 1_000 }), (cents, more) => {
        const gst = gstCents(cents);
        expect(Number.isInteger(gst)).toBe(true);
        expect(gst).toBeGreaterThanOrEqual(0);
        expect(Math.abs(gst - cents * GST_RATE)).toBeLessThanOrEqual(0.5);
        expect(gstCents(cents + more)).toBeGreaterThanOrEqual(gst);
        expect(taxCents(cents, 0)).toBe(0);
      }),
    );
  });

  test.each([[0, '$0.00'], [5, '$0.05'], [123_456, '$1,234.56'], [100_000_000, '$1,000,000.00'], [-450, '-$4.50']])('formats %i cents as %s (en-AU)', (cents, text) => {
    expect(formatAud(cents)).toBe(text);
  });

  test('refuses to format amounts that are not integers of cents', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => formatAud(bad)).toThrow(RangeError);
  });
});
