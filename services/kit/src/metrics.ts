/**
 * Prometheus metrics (prom-client), one registry per process: in the embedded mode every service
 * shares it and the `service` label tells them apart. Series names are the contract of the chart's
 * alerts and dashboard (charts/caskade): rename them there too.
 */
import { createServer, type Server } from 'node:http';
import client from 'prom-client';

export const metrics = new client.Registry();
client.collectDefaultMetrics({ register: metrics, prefix: 'caskade_process_' });

const latencyBuckets = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new client.Histogram({
  name: 'caskade_http_request_duration_seconds',
  help: 'Gateway HTTP requests by route, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: latencyBuckets,
  registers: [metrics],
});

export const grpcServerDuration = new client.Histogram({
  name: 'caskade_grpc_server_duration_seconds',
  help: 'gRPC calls served, by service, method and outcome (ok or the error code)',
  labelNames: ['service', 'method', 'code'] as const,
  buckets: latencyBuckets,
  registers: [metrics],
});

export const eventsHandled = new client.Counter({
  name: 'caskade_events_handled_total',
  help: 'Event deliveries handled by consumers: ok, retry (redelivered later) or dead_letter',
  labelNames: ['consumer', 'outcome'] as const,
  registers: [metrics],
});

export const emailsDelivered = new client.Counter({
  name: 'caskade_emails_total',
  help: 'Emails handed to the mail transport: sent, retry or failed (for good)',
  labelNames: ['outcome'] as const,
  registers: [metrics],
});

/** Probes read at scrape time, one per service: its outbox backlog and database pool. */
type OutboxProbe = () => Promise<{ pending: number; oldestAgeSeconds: number }>;
type PoolProbe = () => { total: number; idle: number; waiting: number } | null;
const outboxProbes = new Map<string, OutboxProbe>();
const poolProbes = new Map<string, PoolProbe>();

export function registerServiceProbes(service: string, probes: { outbox: OutboxProbe; pool: PoolProbe }): () => void {
  outboxProbes.set(service, probes.outbox);
  poolProbes.set(service, probes.pool);
  return () => {
    outboxProbes.delete(service);
    poolProbes.delete(service);
  };
}

/** One reading of every service's outbox per scrape, shared by the two outbox gauges. */
let outboxReading: { at: number; result: Promise<Map<string, { pending: number; oldestAgeSeconds: number }>> } | null = null;
function readOutboxes(): Promise<Map<string, { pending: number; oldestAgeSeconds: number }>> {
  if (outboxReading && Date.now() - outboxReading.at < 500) return outboxReading.result;
  const result = (async () => {
    const out = new Map<string, { pending: number; oldestAgeSeconds: number }>();
    await Promise.all(
      [...outboxProbes].map(async ([service, probe]) => {
        try {
          out.set(service, await probe());
        } catch {
          // A database that cannot answer shows as a missing series; the service's own health says why.
        }
      }),
    );
    return out;
  })();
  outboxReading = { at: Date.now(), result };
  return result;
}

new client.Gauge({
  name: 'caskade_outbox_pending_events',
  help: 'Events written but not yet published',
  labelNames: ['service'] as const,
  registers: [metrics],
  async collect() {
    this.reset();
    for (const [service, r] of await readOutboxes()) this.set({ service }, r.pending);
  },
});

new client.Gauge({
  name: 'caskade_outbox_oldest_pending_age_seconds',
  help: 'Age of the oldest unpublished event (a stuck relay or an unreachable broker)',
  labelNames: ['service'] as const,
  registers: [metrics],
  async collect() {
    this.reset();
    for (const [service, r] of await readOutboxes()) this.set({ service }, r.oldestAgeSeconds);
  },
});

new client.Gauge({
  name: 'caskade_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
  labelNames: ['service', 'state'] as const,
  registers: [metrics],
  collect() {
    this.reset();
    for (const [service, probe] of poolProbes) {
      const stats = probe();
      if (!stats) continue;
      this.set({ service, state: 'total' }, stats.total);
      this.set({ service, state: 'idle' }, stats.idle);
      this.set({ service, state: 'waiting' }, stats.waiting);
    }
  },
});

/** A metrics endpoint of its own (`/metrics` on METRICS_PORT), kept off the public port. */
export async function startMetricsServer(port: number, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.listen(port, host, () => resolve()).once('error', reject));
  return server;
}
