import { addressEnvShape, natsAuthEnvShape, SERVICE_NAMES, trustEnvShape } from '@caskade/kit';
import { isIP } from 'node:net';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const gatewayEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  // Public keys of access tokens and services, its own service key (ADR 053); checked by loadWorkloadConfig.
  ...trustEnvShape,
  // <NAME>_ADDR (host:port) of every service in the manifest.
  ...addressEnvShape(SERVICE_NAMES),
  REDIS_URL: optionalUrl,
  /** NATS: each replica receives the events its browsers' streams carry (GET /api/events/stream); unset = no live events unless a bus is given (embedded). */
  NATS_URL: optionalUrl,
  /** Its credentials on a NATS that requires them (the chart's bundled one does). */
  ...natsAuthEnvShape,
  WEB_DIST: z.string().default('web/dist'),
  /** Multiplies every rate limit (load tests raise it; never below 1 in production). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /**
   * Which proxies in front may name the client in X-Forwarded-For: a hop count (`2`: the two
   * nearest), or a comma-separated list of addresses and CIDR ranges (`10.0.0.0/8,fd00::/8`), which
   * holds however many hops there are. Client IPs key the rate limits.
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((v, ctx): number | string[] => {
      const text = v.trim();
      if (/^\d{1,2}$/.test(text)) return Number(text);
      const ranges = text.split(',').map((r) => r.trim()).filter(Boolean);
      const cidr = /^(?:(?:\d{1,3}\.){3}\d{1,3}|[0-9a-fA-F:]+)(?:\/\d{1,3})?$/;
      if (ranges.length > 0 && ranges.every((r) => cidr.test(r) && isIpRange(r))) return ranges;
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be a hop count (0–99) or a comma-separated list of IP addresses or CIDR ranges' });
      return z.NEVER;
    }),
  EMBEDDED: z.stringbool().default(false),
  /**
   * How long an anonymous search or listing page is answered from the gateway's memory (ms; 0 = off,
   * docs/decisions/064). With the catalog's READ_CACHE_MS (500) it bounds how late a change shows: ≤ 1 s.
   */
  RESPONSE_CACHE_MS: z.coerce.number().int().min(0).max(500).default(400),
  /**
   * The same once this gateway hears the catalog's events (each forgets every answer): events carry
   * freshness, age is the fallback. Answers computed within the catalog replicas' cache age of a
   * forget still last at most that long (docs/decisions/064). At least RESPONSE_CACHE_MS.
   */
  RESPONSE_CACHE_EVENTS_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  /**
   * How long the server render of an anonymous landing, search or listing page may take before the
   * plain app is sent instead (ms, docs/decisions/062). The tests' machines raise it: a loaded
   * 2-core machine sometimes took longer, and the page then arrived unrendered.
   */
  PRERENDER_DEADLINE_MS: z.coerce.number().int().min(100).max(30_000).default(1_500),
  /** `/metrics` for Prometheus on this port, off the public one (the chart sets 9464); unset = none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});
export type GatewayEnv = z.infer<typeof gatewayEnv>;

/** An IP address, or one with a prefix length that fits it (/0–32 for IPv4, /0–128 for IPv6). */
function isIpRange(range: string): boolean {
  const [address = '', prefix] = range.split('/');
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return Number.isInteger(bits) && bits >= 0 && bits <= (version === 4 ? 32 : 128);
}
