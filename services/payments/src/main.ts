import { createEventBus, createLogger, loadConfig, runMain, stopOnSignals } from '@caskade/kit';
import { paymentsEnv } from './config';
import { startPayments } from './index';

runMain(async () => {
  const env = loadConfig('payments', paymentsEnv);
  const logger = createLogger('payments', env.LOG_LEVEL);
  const bus = await createEventBus({ natsUrl: env.NATS_URL, logger, name: 'payments' });
  const service = await startPayments({ env, bus, logger, grpcHost: env.GRPC_HOST });
  stopOnSignals(async () => {
    await service.stop();
    await bus.close();
  }, logger);
});
