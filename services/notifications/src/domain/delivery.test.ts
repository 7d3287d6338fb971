import { afterFailedAttempt, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from './delivery';

describe('retryDelayMs', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 1_920_000],
    [8, 3_600_000],
    [50, 3_600_000],
    [0, 30_000],
  ])('after attempt %i waits %i ms', (attempt, ms) => expect(retryDelayMs(attempt)).toBe(ms));
});

describe('afterFailedAttempt', () => {
  it.each([
    [1, false, { state: 'pending', retryInMs: 30_000 }],
    [MAX_DELIVERY_ATTEMPTS - 1, false, { state: 'pending', retryInMs: retryDelayMs(MAX_DELIVERY_ATTEMPTS - 1) }],
    [MAX_DELIVERY_ATTEMPTS, false, { state: 'failed' }],
    [1, true, { state: 'failed' }],
  ])('attempt %i, permanent %p', (attempts, permanent, expected) => {
    expect(afterFailedAttempt(attempts, permanent)).toEqual(expected);
  });
});
