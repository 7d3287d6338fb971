import {
  Server,
  ServerCredentials,
  status,
  type handleUnaryCall,
  type sendUnaryData,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { authenticateMetadata, requestIdFromMetadata, type CallContext } from '../context';
import { withRequestId, type Logger } from '../logger';
import { isDataException } from '../db/database';
import { AppError } from '../rules/errors';
import { appErrorToGrpc } from './status';
import type { CallerGuard } from '../auth/revocation';
import type { Trust } from '../auth/trust';
import { grpcServerDuration } from '../metrics';

/** A unary service written as async functions of (request, context). */
export type UnaryImplementation<S> = {
  [K in keyof S as string extends K ? never : K]: S[K] extends handleUnaryCall<infer Req, infer Res> ? (req: Req, ctx: CallContext) => Promise<Res> : never;
};

/** The verified context of each call, set by `guardBinding` before the handler runs. */
const verifiedContexts = new WeakMap<object, CallContext>();

/** Records the verified context of a call (the kit's wrapper; tests that drive a handler directly). */
export function setVerifiedContext(call: object, ctx: CallContext): void {
  verifiedContexts.set(call, ctx);
}

/**
 * Wrap async handlers: the context `guardBinding` verified (a call that did not pass it is refused
 * as unauthenticated: never a context from bare metadata), AppError to a gRPC status with its code,
 * anything else INTERNAL (logged).
 */
export function unaryService<S extends UntypedServiceImplementation>(impl: UnaryImplementation<S>, logger: Logger): S {
  const out: Record<string, handleUnaryCall<unknown, unknown>> = {};
  for (const [name, fn] of Object.entries(impl) as [string, (req: unknown, ctx: CallContext) => Promise<unknown>][]) {
    out[name] = (call, callback) => {
      const ctx = verifiedContexts.get(call);
      if (!ctx) {
        const { code, details, metadata } = appErrorToGrpc(new AppError('auth-unauthenticated', { reason: 'unverified-call' }));
        callback({ code, details, metadata });
        return;
      }
      const started = performance.now();
      const log = (outcome: string) =>
        logger.debug({ method: name, requestId: ctx.requestId, userId: ctx.caller?.userId, outcome, ms: Math.round(performance.now() - started) }, 'rpc');
      withRequestId(ctx.requestId, () => fn(call.request, ctx)).then(
        (res) => {
          log('ok');
          callback(null, res);
        },
        (err: unknown) => {
          if (isDataException(err)) {
            logger.warn({ err, method: name, requestId: ctx.requestId }, 'database refused a value: answered as invalid input');
            err = new AppError('validation-invalid-value');
          }
          if (err instanceof AppError) {
            log(err.code);
            const { code, details, metadata } = appErrorToGrpc(err);
            callback({ code, details, metadata });
            return;
          }
          logger.error({ err, method: name, requestId: ctx.requestId }, 'unhandled error in gRPC handler');
          callback({ code: status.INTERNAL, details: 'internal error' });
        },
      );
    };
  }
  return out as S;
}

/**
 * Every unary method of a binding verifies the call's credentials first — a valid service
 * credential, and the user's access token or the credential's `act` claim (docs/decisions/053) —
 * then checks the user with the guard (revoked sessions, banned or deleted accounts: ADR 023), so no
 * service can forget to. A call without a valid credential never reaches a handler (UNAUTHENTICATED).
 */
export function guardBinding(binding: GrpcServiceBinding, guard: CallerGuard, logger: Logger, trust: Pick<Trust, 'access' | 'services'>): GrpcServiceBinding {
  const implementation: UntypedServiceImplementation = { ...binding.implementation };
  for (const [name, method] of Object.entries(binding.definition)) {
    const handler = implementation[name];
    if (typeof handler !== 'function') continue;
    if (method.requestStream || method.responseStream) {
      // No streaming method is served; one added later must be authenticated here first.
      implementation[name] = (() => {
        throw new Error(`streaming method ${name} is not authenticated by the kit`);
      }) as never;
      continue;
    }
    const unary = handler as handleUnaryCall<unknown, unknown>;
    implementation[name] = ((call, reply) => {
      const stop = grpcServerDuration.startTimer({ service: binding.name, method: name });
      const callback: sendUnaryData<unknown> = (err, value) => {
        const code = err ? (err.metadata?.get('x-error-code')[0]?.toString() ?? String(err.code ?? 'error')) : 'ok';
        stop({ code });
        reply(err, value);
      };
      authenticateMetadata(call.metadata, trust)
        .then(async (ctx) => {
          await guard.check(ctx);
          return ctx;
        })
        .then(
          (ctx) => {
            verifiedContexts.set(call, ctx);
            unary(call, callback);
          },
          (err: unknown) => {
            if (err instanceof AppError) {
              const reason = err.meta?.reason;
              if (reason === 'service-credential' || reason === 'access-token') logger.warn({ method: name, requestId: requestIdFromMetadata(call.metadata), reason }, 'call refused: no valid credential');
              const { code, details, metadata } = appErrorToGrpc(err);
              callback({ code, details, metadata });
              return;
            }
            logger.error({ err, method: name }, 'caller check failed');
            callback({ code: status.UNAVAILABLE, details: 'caller check unavailable' });
          },
        );
    }) satisfies handleUnaryCall<unknown, unknown>;
  }
  return { ...binding, implementation };
}

export interface GrpcServerHandle {
  port: number;
  address: string;
  health: HealthImplementation;
  setServing(serving: boolean): void;
  shutdown(graceMs?: number): Promise<void>;
}

export interface GrpcServiceBinding {
  name: string;
  definition: ServiceDefinition;
  implementation: UntypedServiceImplementation;
}

/** Bind services plus grpc.health.v1 (NOT_SERVING until setServing(true)); port 0 picks a free one. */
export async function startGrpcServer(bindings: GrpcServiceBinding[], port: number, host = '127.0.0.1'): Promise<GrpcServerHandle> {
  const server = new Server({
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    'grpc.keepalive_permit_without_calls': 1,
    'grpc.max_receive_message_length': 32 * 1024 * 1024,
    // Clients hold one connection per backend: closing connections after a while (gracefully) lets
    // pods added by the autoscaler receive traffic without waiting for clients to restart.
    'grpc.max_connection_age_ms': 5 * 60_000,
    'grpc.max_connection_age_grace_ms': 30_000,
  });
  const statusMap: Record<string, 'SERVING' | 'NOT_SERVING'> = { '': 'NOT_SERVING' };
  for (const b of bindings) statusMap[b.name] = 'NOT_SERVING';
  const health = new HealthImplementation(statusMap);
  health.addToServer(server);
  for (const b of bindings) server.addService(b.definition, b.implementation);
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  const setServing = (serving: boolean) => {
    for (const name of Object.keys(statusMap)) health.setStatus(name, serving ? 'SERVING' : 'NOT_SERVING');
  };
  return {
    port: bound,
    address: `${host}:${bound}`,
    health,
    setServing,
    shutdown: (graceMs = 5000) =>
      new Promise<void>((resolve) => {
        setServing(false);
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
