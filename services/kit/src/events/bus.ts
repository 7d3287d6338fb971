import type { Logger } from '../logger';
import { LocalEventBus } from './local-bus';
import { DeferredEventBus } from './deferred-bus';
import { NatsEventBus } from './nats-bus';
import { natsBroadcast } from './broadcast';
import type { EventBus } from './types';
import type { NatsAuthOptions } from './nats-auth';

export interface CreateEventBusOptions {
  /** NATS JetStream when set (distributed mode); otherwise the in-process bus (embedded mode). */
  natsUrl?: string | undefined;
  logger: Logger;
  /** Connection name on NATS, e.g. the service name. */
  name?: string;
  /** Credentials and TLS for NATS (natsAuthOptions of the environment). */
  natsAuth?: NatsAuthOptions;
  /**
   * Embedded mode runs every service in one process on ONE local bus: create it once
   * (`new LocalEventBus({ logger })`) and pass it to each service. Each gets a scoped handle whose
   * close() stops only that service's subscriptions.
   */
  shared?: LocalEventBus;
}

export async function createEventBus(opts: CreateEventBusOptions): Promise<EventBus> {
  const natsUrl = opts.natsUrl;
  // A service starts and serves without NATS; events wait in its outbox until NATS is there (ADR 030).
  if (natsUrl) {
    return new DeferredEventBus({
      logger: opts.logger,
      connect: () => NatsEventBus.connect({ url: natsUrl, logger: opts.logger, ...(opts.name ? { name: opts.name } : {}), ...(opts.natsAuth ? { auth: opts.natsAuth } : {}) }),
      fanOut: (name) => natsBroadcast(natsUrl, opts.logger, name, opts.natsAuth),
    });
  }
  if (opts.shared) return opts.shared.scope();
  return new LocalEventBus({ logger: opts.logger });
}
