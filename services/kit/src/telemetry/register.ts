/**
 * Tracing from the environment, started as a side effect of importing this module — the first
 * statement of the kit's index, so of every process: each service's and the gateway's main.ts and
 * the embedded app import `@caskade/kit` before anything that loads express, pg, ioredis or
 * @grpc/grpc-js, and the instrumentations must patch those modules as they load (under tsx and in
 * the esbuild bundles alike: both keep the order of imports; a test checks every entry point).
 *
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then the SDK is not even loaded (a lazy require),
 * nothing is patched, and the kit's spans are the API's no-ops. See tracing.ts and ADR 054.
 */
import { tracingRequested } from './trace-context';

if (tracingRequested()) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { defaultServiceName, startTracing } = require('./tracing') as typeof import('./tracing');
  startTracing({ serviceName: defaultServiceName() });
}
