import { createEventBus, createLogger, loadConfig, runMain, stopOnSignals } from '@caskade/kit';
import { notificationsEnv } from './config';
import { startNotifications } from './index';

runMain(async () => {
  const env = loadConfig('notifications', notificationsEnv);
  const logger = createLogger('notifications', env.LOG_LEVEL);
  const bus = await createEventBus({ natsUrl: env.NATS_URL, logger, name: 'notifications' });
  const service = await startNotifications({ env, bus, logger, grpcHost: env.GRPC_HOST });
  stopOnSignals(async () => {
    await service.stop();
    await bus.close();
  }, logger);
});
