import { createEventBus, createLogger, loadConfig, runMain, stopOnSignals } from '@caskade/kit';
import { identityEnv } from './config';
import { startIdentity } from './index';

runMain(async () => {
  const env = loadConfig('identity', identityEnv);
  const logger = createLogger('identity', env.LOG_LEVEL);
  const bus = await createEventBus({ natsUrl: env.NATS_URL, logger });
  const service = await startIdentity({ env, bus, logger, grpcHost: env.GRPC_HOST });
  stopOnSignals(async () => {
    await service.stop();
    await bus.close();
  }, logger);
});
