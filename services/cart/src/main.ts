import { createEventBus, createLogger, loadConfig, runMain, stopOnSignals } from '@caskade/kit';
import { cartEnv } from './config';
import { startCart } from './index';

runMain(async () => {
  const env = loadConfig('cart', cartEnv);
  const logger = createLogger('cart', env.LOG_LEVEL);
  const bus = await createEventBus({ natsUrl: env.NATS_URL, logger, name: 'cart' });
  const service = await startCart({ env, bus, logger, grpcHost: env.GRPC_HOST });
  stopOnSignals(async () => {
    await service.stop();
    await bus.close();
  }, logger);
});
