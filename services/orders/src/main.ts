import { createEventBus, createLogger, loadConfig, runMain, stopOnSignals } from '@caskade/kit';
import { ordersEnv } from './config';
import { startOrders } from './index';

runMain(async () => {
  const env = loadConfig('orders', ordersEnv);
  const logger = createLogger('orders', env.LOG_LEVEL);
  const bus = await createEventBus({ natsUrl: env.NATS_URL, logger, name: 'orders' });
  const service = await startOrders({ env, bus, logger, grpcHost: env.GRPC_HOST });
  stopOnSignals(async () => {
    await service.stop();
    await bus.close();
  }, logger);
});
