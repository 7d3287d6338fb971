import { context, isSpanContextValid, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';

/**
 * Trace context for the kit's own spans (outbox, buses, consumers) and for log lines. Only the
 * OpenTelemetry API is used here: until a process starts the SDK (telemetry/tracing.ts, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set) every call below is the API's no-op — no span is recorded,
 * no traceparent is written, and the cost is a function call.
 */

const tracer = () => trace.getTracer('caskade');

/** Whether the environment asks for traces: an OTLP endpoint, and neither OTEL_SDK_DISABLED nor OTEL_TRACES_EXPORTER=none. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').toLowerCase() === 'true') return false;
  if ((env.OTEL_TRACES_EXPORTER ?? '').toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** The active span's W3C `traceparent`, or undefined when there is none (or tracing is off). */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** A context whose parent is the span a `traceparent` names; the root context for none (a new trace). */
export function contextFromTraceparent(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/** `traceId` and `spanId` of the active span, for log lines; empty when no span is active. */
export function activeTraceFields(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const sc = span.spanContext();
  return isSpanContextValid(sc) ? { traceId: sc.traceId, spanId: sc.spanId } : {};
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /**
   * The parent: a `traceparent` (an event's, an email's) — continued across a process or a queue;
   * null starts a new trace; omitted, the active span.
   */
  parent?: string | null;
}

/** Run `fn` in a new active span; a throw is recorded on the span (status error) and rethrown. */
export function inSpan<T>(name: string, opts: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  const parent = opts.parent === undefined ? context.active() : contextFromTraceparent(opts.parent ?? undefined);
  return tracer().startActiveSpan(name, { kind: opts.kind ?? SpanKind.INTERNAL, ...(opts.attributes ? { attributes: opts.attributes } : {}) }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** How the process stops its tracing (flushes spans not exported yet); set by startTracing. */
let shutdownHook: (() => Promise<void>) | null = null;

export function setTracingShutdown(hook: (() => Promise<void>) | null): void {
  shutdownHook = hook;
}

/** Export what is buffered and stop tracing (before the process exits); nothing when tracing is off. */
export async function shutdownTracing(): Promise<void> {
  const hook = shutdownHook;
  shutdownHook = null;
  await hook?.().catch(() => undefined);
}

export { SpanKind };
