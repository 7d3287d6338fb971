import { z } from 'zod';
import { trustEnvShape } from './auth/trust-env';

export class ConfigError extends Error {
  constructor(readonly service: string, readonly problems: string[]) {
    super(`${service}: invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment with a strict schema; a bad or missing value is a ConfigError naming every problem. */
export function loadConfig<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    service,
    parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
  );
}

/** One JSON log line on stderr for a crash, like every other line (log collectors parse them all). */
function fatalLine(msg: string, err?: unknown, extra: Record<string, unknown> = {}): string {
  const error = err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : err === undefined ? undefined : { message: String(err) };
  return `${JSON.stringify({ level: 'fatal', time: Date.now(), msg, ...extra, ...(error ? { err: error } : {}) })}\n`;
}

/**
 * Boot helper: run main; a ConfigError exits 78 (EX_CONFIG) naming every bad value, anything else
 * exits 1. Uncaught exceptions and unhandled rejections end the process the same way. All as JSON.
 */
export function runMain(main: () => Promise<unknown>): void {
  const crash = (msg: string) => (err: unknown) => {
    process.stderr.write(fatalLine(msg, err));
    process.exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled rejection'));
  main().catch((err: unknown) => {
    if (err instanceof ConfigError) {
      process.stderr.write(fatalLine(err.message, undefined, { service: err.service, problems: err.problems }));
      process.exit(78);
    }
    crash('could not start')(err);
  });
}

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

/** NATS credentials: user and password, or a creds file (JWT + nkey seed); TLS files when the server requires TLS. Services and the gateway. */
export const natsAuthEnvShape = {
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  NATS_CREDS_FILE: z.string().min(1).optional(),
  NATS_TLS_CA_FILE: z.string().min(1).optional(),
  NATS_TLS_CERT_FILE: z.string().min(1).optional(),
  NATS_TLS_KEY_FILE: z.string().min(1).optional(),
};

/** Settings every service shares. Distributed mode is chosen by setting DATABASE_URL / NATS_URL / REDIS_URL. */
export const baseEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  NATS_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  // Every interface in a pod; the local scripts bind loopback, since callers' identities travel in metadata.
  GRPC_HOST: z.string().min(1).default('0.0.0.0'),
  /** `/metrics` for Prometheus on this port (the chart sets 9464); unset = no metrics endpoint. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** apply (default) | verify (the cluster: a migration Job ran them) | only (be the migration Job). See db/database.ts. */
  DB_MIGRATIONS: z.enum(['apply', 'verify', 'only']).default('apply'),
  ...natsAuthEnvShape,
  // The keys of tokens and service credentials (docs/decisions/053); required by `runService`.
  ...trustEnvShape,
});
export type BaseEnv = z.infer<typeof baseEnv>;
