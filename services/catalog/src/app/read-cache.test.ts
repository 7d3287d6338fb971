import { createReadCache } from './read-cache';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A computation that counts its calls and answers `value()` once released (or at once). */
function computation(value: () => string) {
  const calls = { count: 0 };
  let gate: Promise<void> | null = null;
  let open = () => undefined as void;
  return {
    calls,
    hold() {
      gate = new Promise((r) => (open = r));
    },
    release() {
      gate = null;
      open();
    },
    compute: async () => {
      calls.count += 1;
      if (gate) await gate;
      return { value: value() };
    },
  };
}

describe('catalog read cache', () => {
  it('shares one computation among concurrent misses and answers from memory until the TTL', async () => {
    const cache = createReadCache({ ttlMs: 1000, refreshAhead: 0 });
    const c = computation(() => 'a');
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', c.compute)));
    expect(answers.map((a) => a.value)).toEqual(['a', 'a', 'a']);
    expect(await cache.get('k', c.compute)).toEqual({ value: 'a' });
    expect([c.calls.count, cache.stats.misses, cache.stats.hits]).toEqual([1, 1, 1]);
  });

  it('refreshes a key read past half its TTL in the background, once at a time, serving the old answer meanwhile', async () => {
    const cache = createReadCache({ ttlMs: 1000 });
    let current = 'old';
    const c = computation(() => current);
    await cache.get('k', c.compute);
    current = 'new';
    await sleep(520);
    c.hold();
    // Past half the TTL: answered at once with the old value, one refresh started for all of them.
    const during = await Promise.all([1, 2, 3].map(() => cache.get('k', c.compute)));
    expect(during.map((a) => a.value)).toEqual(['old', 'old', 'old']);
    expect([c.calls.count, cache.stats.refreshes]).toEqual([2, 1]);
    c.release();
    await sleep(10);
    expect((await cache.get('k', c.compute)).value).toBe('new');
    expect([c.calls.count, cache.stats.misses]).toEqual([2, 1]);
  });

  it('keeps no refreshed answer computed across an invalidation; a failed refresh leaves the answer in hand', async () => {
    const cache = createReadCache({ ttlMs: 1000 });
    let current = 'v1';
    const c = computation(() => current);
    await cache.get('k', c.compute);
    await sleep(520);
    c.hold();
    current = 'v2';
    expect((await cache.get('k', c.compute)).value).toBe('v1');
    cache.invalidate();
    c.release();
    await sleep(10);
    current = 'v3';
    expect((await cache.get('k', c.compute)).value).toBe('v3');
    expect(c.calls.count).toBe(3);

    const failing = createReadCache({ ttlMs: 1000 });
    await failing.get('f', async () => ({ value: 'kept' }));
    await sleep(520);
    const refused = jest.fn(async (): Promise<{ value: string }> => Promise.reject(new Error('database away')));
    expect((await failing.get('f', refused)).value).toBe('kept');
    await sleep(10);
    expect((await failing.get('f', refused)).value).toBe('kept');
    expect(refused).toHaveBeenCalledTimes(2);
  });
});
