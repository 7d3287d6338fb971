import { createLogger } from '../logger';
import { PollLoop } from './poll-loop';

const logger = createLogger('poll-loop-test', 'silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PollLoop back-off and coalescing (docs/decisions/060)', () => {
  test('an idle loop backs off to maxPollMs, and wake() still runs a pass at once', async () => {
    const passes: number[] = [];
    const loop = new PollLoop({ name: 'idle', logger, pollMs: 10, maxPollMs: 80, pass: async () => (passes.push(performance.now()), { more: false, idle: true }) });
    loop.start();
    await sleep(600);
    // Without back-off: ~60 passes. With it: 10, 20, 40, 80, 80, … ms apart.
    expect(passes.length).toBeGreaterThanOrEqual(5);
    expect(passes.length).toBeLessThanOrEqual(12);
    const gaps = passes.slice(1).map((t, i) => t - (passes[i] ?? t));
    expect(Math.max(...gaps)).toBeLessThan(80 + 100); // timers run late on a busy machine, never early
    const before = passes.length;
    const woke = performance.now();
    loop.wake();
    await sleep(15);
    expect(passes.length).toBe(before + 1);
    expect((passes.at(-1) ?? 0) - woke).toBeLessThan(15);
    await loop.stop();
  });

  test('a busy loop batches the wakes of a coalescing window into one pass, and a steady stream of wakes cannot postpone it', async () => {
    const passes: number[] = [];
    const loop = new PollLoop({ name: 'busy', logger, pollMs: 10_000, coalesceMs: 30, pass: async () => (passes.push(performance.now()), { more: false, idle: false }) });
    loop.start();
    await sleep(5);
    expect(passes.length).toBe(1);
    // A wake every 2 ms for 200 ms: one pass per coalescing window (~7), not one per wake (100).
    const end = performance.now() + 200;
    while (performance.now() < end) {
      loop.wake();
      await sleep(2);
    }
    await loop.stop();
    expect(passes.length).toBeGreaterThanOrEqual(4);
    expect(passes.length).toBeLessThanOrEqual(9);
    const gaps = passes.slice(1).map((t, i) => t - (passes[i] ?? t));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(28);
  });

  test('after a pass that found work, the wait goes back to pollMs', async () => {
    let calls = 0;
    const passes: number[] = [];
    // Idle for the first 5 passes (back-off to 80 ms), then busy: the gaps shrink back to pollMs.
    const loop = new PollLoop({ name: 'reset', logger, pollMs: 10, maxPollMs: 80, pass: async () => (passes.push(performance.now()), { more: false, idle: ++calls <= 5 }) });
    loop.start();
    await sleep(450);
    await loop.stop();
    // Busy from the 6th pass: about 300 ms at pollMs (10) is some 30 passes; still backed off
    // (80 ms) it would be 4. A timer running late on a busy machine stretches one gap, not the median.
    const busy = passes.slice(5);
    expect(busy.length).toBeGreaterThanOrEqual(10);
    const gaps = busy.slice(1).map((t, i) => t - (busy[i] ?? t)).sort((a, b) => a - b);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeLessThan(40);
  });
});
