import type { Server } from 'node:http';
import { connectRedis, createCache, startMetricsServer, type Logger } from '@caskade/kit';
import { closeClients, createClients, upstreamAddresses } from './clients';
import type { GatewayEnv } from './config';
import { createRateLimiters } from './http/rate-limits';
import { createGatewayApp } from './app';

export { gatewayEnv, type GatewayEnv } from './config';
export { allRoutes } from './app';

export interface Gateway {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startGateway(env: GatewayEnv, logger: Logger): Promise<Gateway> {
  const clients = createClients(env, logger);
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : undefined;
  const limiters = createRateLimiters(env.RATE_LIMIT_SCALE, redis, logger);
  const cache = createCache({ namespace: 'gateway', redis, logger });
  const app = createGatewayApp({ env, clients, limiters, logger, cache, upstreams: upstreamAddresses(env) });
  const metricsServer = env.METRICS_PORT ? await startMetricsServer(env.METRICS_PORT, env.HOST) : null;
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(env.PORT, env.HOST, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info({ port }, 'gateway listening');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      closeClients(clients);
      metricsServer?.close();
      await redis?.quit();
    },
  };
}
