import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { activeTraceFields } from './telemetry/trace-context';

export type { Logger };

/**
 * The request a piece of work serves. The gateway opens it per HTTP request and the gRPC server per
 * call (from the metadata the gateway sent), so every log line written while serving it — in a
 * route, a use case or a repository — carries the same `requestId` without passing loggers around.
 */
export const logContext = new AsyncLocalStorage<{ requestId: string }>();

/** Run `fn` with `requestId` on every log line it writes (synchronously or after awaits). */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return logContext.run({ requestId }, fn);
}

/** Structured JSON logs; secrets are redacted wherever they appear in a logged object. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      name: service,
      level,
      base: { service },
      // Level names, not numbers: "level":"warn" reads (and greps) as what it is.
      formatters: { level: (label) => ({ level: label }) },
      // A requestId given in the log call itself wins over the context's. traceId and spanId are
      // the active span's (an HTTP request, a gRPC call, an event's handling) when tracing is on.
      mixin: () => {
        const context = logContext.getStore();
        const trace = activeTraceFields();
        return context ? { requestId: context.requestId, ...trace } : trace;
      },
      redact: {
        paths: ['password', '*.password', 'currentPassword', '*.currentPassword', 'newPassword', '*.newPassword', 'token', '*.token', 'refreshToken', '*.refreshToken', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
