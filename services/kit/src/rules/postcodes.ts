/**
 * Australian postcodes by state or territory (Australia Post's allocation, PO boxes and large-volume
 * receivers included), so an address whose postcode belongs to another state is caught while it is
 * typed, in every form that takes a state and a postcode. Pure and browser-safe.
 */
import type { AuState } from './constants';

/** Inclusive ranges of four-digit postcodes, per state. */
export const POSTCODE_RANGES: Record<AuState, ReadonlyArray<readonly [number, number]>> = {
  ACT: [[200, 299], [2600, 2618], [2900, 2920]],
  NSW: [[1000, 1999], [2000, 2599], [2619, 2899], [2921, 2999]],
  NT: [[800, 999]],
  QLD: [[4000, 4999], [9000, 9999]],
  SA: [[5000, 5999]],
  TAS: [[7000, 7999]],
  VIC: [[3000, 3999], [8000, 8999]],
  WA: [[6000, 6999]],
};

export const isPostcode = (value: string): boolean => /^\d{4}$/.test(value);

/** The state a postcode belongs to, or null when it is not a four-digit Australian postcode. */
export function stateOfPostcode(postcode: string): AuState | null {
  if (!isPostcode(postcode)) return null;
  const n = Number(postcode);
  for (const [state, ranges] of Object.entries(POSTCODE_RANGES) as Array<[AuState, ReadonlyArray<readonly [number, number]>]>) {
    if (ranges.some(([lo, hi]) => n >= lo && n <= hi)) return state;
  }
  return null;
}

/** Whether a four-digit postcode lies in the given state's ranges. */
export function postcodeMatchesState(postcode: string, state: AuState): boolean {
  return stateOfPostcode(postcode) === state;
}
