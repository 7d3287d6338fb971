import path from 'node:path';
import { context, propagation, trace } from '@opentelemetry/api';
import type { IncomingMessage } from 'node:http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { setTracingShutdown, tracingRequested } from './trace-context';

export { tracingRequested };

/**
 * OpenTelemetry tracing for a process (ADR 054): the Node tracer provider, the http, express, grpc,
 * pg and ioredis instrumentations, W3C trace context, and spans exported by OTLP (http/protobuf) in
 * batches. Off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set:
 * then nothing is patched or registered and the kit's spans are the API's no-ops.
 *
 * The instrumentations patch modules as they are loaded, so this must run before express, pg,
 * ioredis or @grpc/grpc-js is first required: register.ts, the kit index's first import, starts it
 * (see there), and the bundles leave those packages external (scripts/build-services.mjs).
 */

/** Paths of probes and scrapes: no span for each kubelet or Prometheus visit. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/livez', '/metrics']);

export interface TracingOptions {
  /** service.name unless OTEL_SERVICE_NAME says otherwise. */
  serviceName: string;
  /** Tests: where spans go instead of OTLP (starts tracing whatever the environment says). */
  exporter?: SpanExporter;
  env?: NodeJS.ProcessEnv;
}

export interface Tracing {
  provider: NodeTracerProvider;
  /** Export what is buffered, unpatch the instrumentations, stop. */
  shutdown(): Promise<void>;
}

let active: Tracing | null = null;

/** The instrumentations every process gets, configured to skip probes and spans without a parent. */
export function caskadeInstrumentations(): Instrumentation[] {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
    }),
    // Routers and route handlers; not a span for every middleware (helmet, body parsers, cookies) of every request.
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
    // grpc.health.v1 Check/Watch: readiness probes, not work.
    new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch'] }),
    // Queries and commands inside a request or an event's handling; not the idle polls of relays and schedulers.
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
  ];
}

/**
 * Start tracing for this process once (a second call returns the first). Returns null, doing
 * nothing, when no exporter is given and the environment asks for none.
 */
export function startTracing(opts: TracingOptions): Tracing | null {
  if (active) return active;
  const env = opts.env ?? process.env;
  if (!opts.exporter && !tracingRequested(env)) return null;
  const resource = defaultResource()
    .merge(detectResources({ detectors: [envDetector] }))
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || opts.serviceName }));
  const processor = opts.exporter ? new SimpleSpanProcessor(opts.exporter) : new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  // Global tracer provider, AsyncLocalStorage context manager, W3C traceparent + baggage propagation.
  provider.register();
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations: caskadeInstrumentations() });
  const tracing: Tracing = {
    provider,
    shutdown: async () => {
      if (active !== tracing) return;
      active = null;
      setTracingShutdown(null);
      unregister();
      await provider.shutdown();
      // Let go of the global provider, context manager and propagator, so tracing may start again.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
  active = tracing;
  setTracingShutdown(tracing.shutdown);
  return tracing;
}

/**
 * The name a process reports when OTEL_SERVICE_NAME is not set: SERVICE (the images set it), else
 * the entry file — `services/<name>/src/main.ts`, `gateway/src/main.ts`, `dist/<name>.cjs` — else
 * `caskade` (the embedded app: every service in one process).
 */
export function defaultServiceName(env: NodeJS.ProcessEnv = process.env, entry: string | undefined = process.argv[1]): string {
  if (env.SERVICE) return env.SERVICE;
  if (entry) {
    const parts = path.resolve(entry).split(path.sep);
    const services = parts.lastIndexOf('services');
    if (services >= 0 && parts[services + 2] === 'src' && parts[services + 1]) return parts[services + 1] as string;
    if (parts.includes('gateway') && parts.at(-1)?.startsWith('main.')) return 'gateway';
    const file = parts.at(-1) ?? '';
    if (parts.at(-2) === 'dist' && file.endsWith('.cjs')) return file.slice(0, -'.cjs'.length);
  }
  return 'caskade';
}
