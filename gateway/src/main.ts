import { createLogger, loadConfig, runMain, stopOnSignals } from '@caskade/kit';
import { gatewayEnv } from './config';
import { startGateway } from './index';

runMain(async () => {
  const env = loadConfig('gateway', gatewayEnv);
  const logger = createLogger('gateway', env.LOG_LEVEL);
  const gateway = await startGateway(env, logger);
  stopOnSignals(() => gateway.close(), logger);
});
