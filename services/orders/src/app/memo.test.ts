import { Memo } from './memo';

describe('Memo', () => {
  it('answers a value until its time runs out, then forgets it', () => {
    let now = 1000;
    const memo = new Memo<string>(500, 10, () => now);
    memo.set('a', 'Alehouse');
    expect(memo.get('a')).toBe('Alehouse');
    now = 1499;
    expect(memo.get('a')).toBe('Alehouse');
    now = 1500;
    expect(memo.get('a')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const memo = new Memo<number>(60_000, 2);
    memo.set('a', 1);
    memo.set('b', 2);
    memo.set('c', 3);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([undefined, 2, 3]);
  });
});
