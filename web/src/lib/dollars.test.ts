import { describe, expect, it } from '@jest/globals';
import { dollarsToCents } from './dollars';

describe('dollarsToCents', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['0.07', 7],
    [' $1,025.99 ', 102599],
    ['0', 0],
  ])('reads %s as %d cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '25.555', '-5', '1e3', '25.', '.5', '1,00'])('refuses %p', (text) => {
    expect(dollarsToCents(text)).toBeNull();
  });
});
