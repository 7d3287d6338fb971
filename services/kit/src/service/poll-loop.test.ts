/**
 * PollLoop's waits on jest's fake clock: each pass's time is exact, so the back-off, the coalescing
 * window and the reset are asserted as numbers, whatever else the machine is doing (the earlier
 * version slept on the real clock, and a loaded CI machine stretched its timers past the windows).
 */
import { jest } from '@jest/globals';
import { createLogger } from '../logger';
import { PollLoop } from './poll-loop';

const logger = createLogger('poll-loop-test', 'silent');
/** Gaps between consecutive pass times. */
const gapsOf = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] ?? t));

describe('PollLoop back-off and coalescing (docs/decisions/060)', () => {
  let start = 0;
  const now = () => performance.now() - start;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    start = performance.now();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test('an idle loop backs off to maxPollMs, and wake() still runs a pass at once', async () => {
    const passes: number[] = [];
    const loop = new PollLoop({ name: 'idle', logger, pollMs: 10, maxPollMs: 80, pass: async () => (passes.push(now()), { more: false, idle: true }) });
    loop.start();
    await jest.advanceTimersByTimeAsync(600);
    // Without back-off: 60 passes. With it: 20, 40, 80, 80, … ms apart.
    expect(passes).toEqual([0, 20, 60, 140, 220, 300, 380, 460, 540]);
    await jest.advanceTimersByTimeAsync(5);
    loop.wake();
    await jest.advanceTimersByTimeAsync(0);
    expect(passes.at(-1)).toBe(605);
    await loop.stop();
  });

  test('a busy loop batches the wakes of a coalescing window into one pass, and a steady stream of wakes cannot postpone it', async () => {
    const passes: number[] = [];
    const loop = new PollLoop({ name: 'busy', logger, pollMs: 10_000, coalesceMs: 30, pass: async () => (passes.push(now()), { more: false, idle: false }) });
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(passes).toEqual([0]);
    // A wake every 2 ms for 200 ms: one pass per coalescing window, not one per wake (100).
    for (let t = 0; t < 200; t += 2) {
      loop.wake();
      await jest.advanceTimersByTimeAsync(2);
    }
    await loop.stop();
    expect(passes.length).toBeGreaterThanOrEqual(6);
    expect(passes.length).toBeLessThanOrEqual(8);
    expect(gapsOf(passes).slice(1).every((gap) => gap >= 30 && gap <= 32)).toBe(true);
  });

  test('after a pass that found work, the wait goes back to pollMs', async () => {
    let calls = 0;
    const passes: number[] = [];
    // Idle for the first 5 passes (back-off to 80 ms), then busy: the gaps shrink back to pollMs.
    const loop = new PollLoop({ name: 'reset', logger, pollMs: 10, maxPollMs: 80, pass: async () => (passes.push(now()), { more: false, idle: ++calls <= 5 }) });
    loop.start();
    await jest.advanceTimersByTimeAsync(450);
    await loop.stop();
    expect(passes.slice(0, 6)).toEqual([0, 20, 60, 140, 220, 300]);
    const busy = passes.slice(5);
    expect(busy.length).toBe(16);
    expect(new Set(gapsOf(busy))).toEqual(new Set([10]));
  });
});
