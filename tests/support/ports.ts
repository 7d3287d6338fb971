import { claimPort } from '../../scripts/ports';

/** Below Linux's ephemeral range (32768–60999): a port handed out for a port-0 bind is never one of these. */
const FIRST = 20_000;
const LAST = 32_000;

/**
 * A TCP port free right now, chosen outside the ephemeral range: a test app picks its HTTP port,
 * then starts services that bind port 0 before its gateway listens — from the ephemeral range, so
 * they cannot take the port meanwhile (they did once on CI: EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST));
    try {
      await claimPort(port, 'a test', '0.0.0.0');
      return port;
    } catch {
      // taken: draw another
    }
  }
  return claimPort(0, 'a test');
}
