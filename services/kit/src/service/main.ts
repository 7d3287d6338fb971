import type { z } from 'zod';
import { loadConfig, runMain, type BaseEnv } from '../config';
import { createEventBus } from '../events/bus';
import type { EventBus } from '../events/types';
import { createLogger, type Logger } from '../logger';
import { stopOnSignals } from './runtime';

export interface ServiceStart<E> {
  env: E;
  bus: EventBus;
  logger: Logger;
  grpcHost: string;
}

/**
 * A service's process (its `main.ts`): the environment checked against its schema (a bad value
 * stops it with a message naming each), its logger, the event bus (NATS when NATS_URL is set, which
 * may come later), the service started, and an orderly stop on SIGTERM/SIGINT.
 */
export function runService<S extends z.ZodType<BaseEnv>>(name: string, schema: S, start: (opts: ServiceStart<z.infer<S>>) => Promise<{ stop(): Promise<void> }>): void {
  runMain(async () => {
    const env = loadConfig(name, schema);
    const logger = createLogger(name, env.LOG_LEVEL);
    const bus = await createEventBus({ natsUrl: env.NATS_URL, logger, name });
    const service = await start({ env, bus, logger, grpcHost: env.GRPC_HOST });
    stopOnSignals(async () => {
      await service.stop();
      await bus.close();
    }, logger);
  });
}
