import { describe, expect, it } from '@jest/globals';
import { quantityChoices } from './quantityChoices';

describe('quantityChoices', () => {
  it('offers every quantity of a small stock', () => {
    expect(quantityChoices(5)).toEqual([1, 2, 3, 4, 5]);
    expect(quantityChoices(50)).toHaveLength(50);
    expect(quantityChoices(0)).toEqual([]);
    expect(quantityChoices(-3)).toEqual([]);
  });

  it('thins out a large stock, always ending at the stock itself', () => {
    const choices = quantityChoices(1_000_000);
    expect(choices.length).toBeLessThan(300);
    expect(choices.slice(0, 3)).toEqual([1, 2, 3]);
    expect(choices.slice(48, 53)).toEqual([49, 50, 60, 70, 80]);
    expect(choices).toEqual(expect.arrayContaining([500, 600, 9_900, 10_000, 20_000, 990_000]));
    expect(choices.at(-1)).toBe(1_000_000);
    expect(quantityChoices(537).slice(-3)).toEqual([490, 500, 537]);
    expect(choices).toEqual([...choices].sort((a, b) => a - b));
  });

  it('keeps the quantity already chosen among them', () => {
    expect(quantityChoices(1_000, 123)).toContain(123);
    expect(quantityChoices(3, 7)).toEqual([1, 2, 3, 7]);
  });
});
