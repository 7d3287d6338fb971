import type { Server } from 'node:http';
import { busBroadcast, connectRedis, createCache, natsAuthOptions, natsBroadcast, startMetricsServer, type EventBroadcast, type EventBus, type Logger } from '@caskade/kit';
import { CATALOG_EVENTS } from '@caskade/catalog/events';
import { UserDeleted, UserProfileChanged } from '@caskade/identity/events';
import { closeClients, createClients, upstreamAddresses } from './clients';
import type { GatewayEnv } from './config';
import { createRateLimiters } from './http/rate-limits';
import { createGatewayApp } from './app';
import { changedBy, createResponseCache, type ResponseCache } from './http/response-cache';
import { liveFeeds, replaySources } from './live/feeds';
import { LiveHub } from './live/hub';
import { startLiveStream, type LiveStream } from './live/stream';

export { gatewayEnv, type GatewayEnv } from './config';
export { allRoutes } from './app';

export interface Gateway {
  url: string;
  port: number;
  /** The event stream's hub: the streams open on this gateway, and push() to them. */
  live: LiveStream;
  close(): Promise<void>;
}

export interface StartGatewayOptions {
  /** The embedded mode's in-process bus: the event stream hears events there (else on NATS_URL). */
  bus?: EventBus;
}

export async function startGateway(env: GatewayEnv, logger: Logger, opts: StartGatewayOptions = {}): Promise<Gateway> {
  const clients = createClients(env, logger);
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : undefined;
  const limiters = createRateLimiters(env.RATE_LIMIT_SCALE, redis, logger);
  const cache = createCache({ namespace: 'gateway', redis, logger });
  const broadcast = opts.bus ? busBroadcast(opts.bus, 'gateway-live') : env.NATS_URL ? natsBroadcast(env.NATS_URL, logger, 'gateway-live', natsAuthOptions(env)) : null;
  const responseCache = createResponseCache({
    ttlMs: env.RESPONSE_CACHE_MS,
    eventsTtlMs: env.RESPONSE_CACHE_EVENTS_MS,
    logger,
    onViews: async (views) => {
      await clients.catalog.recordListingViews({ views: [...views].map(([listingId, n]) => ({ listingId, views: n })) }, { requestId: 'gateway-page-views', caller: null });
    },
  });
  forgetOnCatalogEvents(responseCache, broadcast, logger);
  const live = await startLiveStream({
    hub: new LiveHub(),
    broadcast,
    feeds: liveFeeds(),
    replay: replaySources(clients),
    logger,
    authorize: async (call) => {
      await clients.identity.getCurrentUser({}, call);
    },
  });
  const app = createGatewayApp({ env, clients, limiters, logger, cache, upstreams: upstreamAddresses(env), live, responseCache });
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
    live,
    close: async () => {
      // Open event streams would hold server.close() forever.
      await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await responseCache.stop();
      closeClients(clients);
      metricsServer?.close();
      await redis?.quit();
    },
  };
}

/**
 * Every catalog event (and a profile rename or deletion, which changes the brand names search shows)
 * empties the response cache on every replica, or only its answers showing one listing when that
 * listing's stock changed and stays above zero (docs/decisions/064). Without a broadcast, or while it
 * connects, the cache's TTL alone bounds how late a change shows.
 */
function forgetOnCatalogEvents(cache: ResponseCache, broadcast: EventBroadcast | Promise<EventBroadcast> | null, logger: Logger): void {
  if (!broadcast) return;
  const subjects = [...CATALOG_EVENTS.map((e) => e.subject), UserProfileChanged.subject, UserDeleted.subject];
  Promise.resolve(broadcast)
    .then(async (b) => {
      await b.subscribe(subjects, (event) => {
        const changed = changedBy(event);
        if (changed === 'everything') cache.forget();
        else cache.forgetListings(changed.listings);
      });
      // Heard from now on: answers last longer, each change forgets them; a lost connection shortens them again.
      cache.eventsHeard(true);
      b.onConnectionChange?.((heard) => {
        logger.info({ heard }, 'response cache: catalog events heard');
        cache.eventsHeard(heard);
      });
    })
    .catch((err: unknown) => logger.warn({ err }, 'response cache: no catalog events; answers expire by age alone'));
}
