import { claimPort } from '../../scripts/ports';

/** A TCP port free right now on loopback. */
export function freePort(): Promise<number> {
  return claimPort(0, 'a test');
}
