import { createLogger, loadWorkloadConfig, runMain, stopOnSignals } from '@caskade/kit';
import { gatewayEnv } from './config';
import { startGateway } from './index';

runMain(async () => {
  // Its service key and the public keys of access tokens and services (ADR 053), checked with the rest.
  const env = loadWorkloadConfig('gateway', gatewayEnv);
  const logger = createLogger('gateway', env.LOG_LEVEL);
  const gateway = await startGateway(env, logger);
  stopOnSignals(() => gateway.close(), logger);
});
