import type { z } from 'zod';
import { baseEnv, ConfigError, loadConfig, runMain, type BaseEnv } from '../config';
import { createEventBus } from '../events/bus';
import { natsAuthOptions } from '../events/nats-auth';
import type { EventBus } from '../events/types';
import { createLogger, type Logger } from '../logger';
import { KIT_MIGRATIONS, stopOnSignals } from './runtime';
import { MigrationsApplied, openDatabase, type Migration } from '../db/database';
import { configureTrust, trustFromEnv } from '../auth/trust';

export interface RunServiceOptions {
  /** The service's own migrations (the kit's come first), for DB_MIGRATIONS=only: the cluster's migration Job. */
  migrations?: Migration[];
}

export interface ServiceStart<E> {
  env: E;
  bus: EventBus;
  logger: Logger;
  grpcHost: string;
}

/**
 * A service's process (its `main.ts`): the environment checked against its schema (a bad value
 * stops it with a message naming each), its keys (docs/decisions/053), its logger, the event bus (NATS when NATS_URL is set, which
 * may come later), the service started, and an orderly stop on SIGTERM/SIGINT.
 */
export function runService<S extends z.ZodType<BaseEnv>>(
  name: string,
  schema: S,
  start: (opts: ServiceStart<z.infer<S>>) => Promise<{ stop(): Promise<void> }>,
  options: RunServiceOptions = {},
): void {
  runMain(async () => {
    // The migration Job (DB_MIGRATIONS=only): migrate and stop, without keys, NATS, gRPC or the
    // service's own settings (only the shared ones are checked).
    if (process.env.DB_MIGRATIONS === 'only') return migrateOnly(name, loadConfig(name, baseEnv), options.migrations);
    const env = loadConfig(name, schema);
    // One workload per process: its own service key, everyone's public keys; identity also signs access tokens.
    configureTrust(trustFromEnv(name, env, { signsAccessTokens: name === 'identity' }));
    const logger = createLogger(name, env.LOG_LEVEL);
    const bus = await createEventBus({ natsUrl: env.NATS_URL, natsAuth: natsAuthOptions(env), logger, name });
    const service = await start({ env, bus, logger, grpcHost: env.GRPC_HOST });
    stopOnSignals(async () => {
      await service.stop();
      await bus.close();
    }, logger);
  });
}

/** DB_MIGRATIONS=only: apply the kit's and the service's migrations on DATABASE_URL, then exit 0. */
async function migrateOnly(name: string, env: BaseEnv, migrations: Migration[] | undefined): Promise<void> {
  if (!migrations) throw new ConfigError(name, ['DB_MIGRATIONS: "only" needs the service to pass its migrations to runService']);
  if (!env.DATABASE_URL) throw new ConfigError(name, ['DATABASE_URL: required with DB_MIGRATIONS=only']);
  const logger = createLogger(name, env.LOG_LEVEL);
  try {
    await openDatabase({ service: name, databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrations: [...KIT_MIGRATIONS, ...migrations], logger, migrationMode: 'only' });
  } catch (err) {
    if (!(err instanceof MigrationsApplied)) throw err;
    logger.info({ schema: err.schema, applied: err.applied }, 'migrations done');
  }
}
