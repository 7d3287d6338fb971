/**
 * Delivery policy for queued emails: how often to try and how long to wait between tries.
 * Attempts count claims, so an attempt cut short by a crash counts too.
 */
export const MAX_DELIVERY_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** Exponential backoff after the given failed attempt (1-based): 30 s, 1 min, 2 min, … at most 1 h. */
export function retryDelayMs(failedAttempt: number): number {
  const exponent = Math.max(0, Math.min(failedAttempt - 1, 20));
  return Math.min(FIRST_RETRY_MS * 2 ** exponent, LONGEST_RETRY_MS);
}

export type AfterFailure = { state: 'failed' } | { state: 'pending'; retryInMs: number };

/** A permanent failure (the server refused the message) or the last allowed attempt ends delivery. */
export function afterFailedAttempt(
  attempts: number,
  permanent: boolean,
  policy: { maxAttempts: number; retryDelayMs: (attempt: number) => number } = { maxAttempts: MAX_DELIVERY_ATTEMPTS, retryDelayMs },
): AfterFailure {
  if (permanent || attempts >= policy.maxAttempts) return { state: 'failed' };
  return { state: 'pending', retryInMs: policy.retryDelayMs(attempts) };
}
