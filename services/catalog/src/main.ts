import { createEventBus, createLogger, loadConfig, runMain, stopOnSignals } from '@caskade/kit';
import { catalogEnv } from './config';
import { startCatalog } from './index';

runMain(async () => {
  const env = loadConfig('catalog', catalogEnv);
  const logger = createLogger('catalog', env.LOG_LEVEL);
  const bus = await createEventBus({ natsUrl: env.NATS_URL, logger });
  const service = await startCatalog({ env, bus, logger, grpcHost: env.GRPC_HOST });
  stopOnSignals(async () => {
    await service.stop();
    await bus.close();
  }, logger);
});
