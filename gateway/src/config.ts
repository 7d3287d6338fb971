import { addressEnvShape, SERVICE_NAMES } from '@caskade/kit';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const gatewayEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }),
  // <NAME>_ADDR (host:port) of every service in the manifest.
  ...addressEnvShape(SERVICE_NAMES),
  REDIS_URL: optionalUrl,
  WEB_DIST: z.string().default('web/dist'),
  /** Multiplies every rate limit (load tests raise it; never below 1 in production). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  EMBEDDED: z.stringbool().default(false),
});
export type GatewayEnv = z.infer<typeof gatewayEnv>;
