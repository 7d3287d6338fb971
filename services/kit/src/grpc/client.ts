import { Client, credentials, Metadata, status, type MethodDefinition, type ServiceError } from '@grpc/grpc-js';
import type { Logger } from '../logger';
import { service as healthService } from 'grpc-health-check';
import { contextToMetadata, type CallContext } from '../context';
import { currentTrust } from '../auth/trust';
import { grpcToAppError } from './status';

export const DEFAULT_DEADLINE_MS = 5000;

export interface CallOptions {
  deadlineMs?: number;
}

/** Promise-returning client derived from a ts-proto service definition. */
/** The shape of one unary method in a ts-proto grpc-js service definition. */
interface UnaryMethod {
  path: string;
  requestSerialize(value: never): Buffer;
  responseDeserialize(value: Buffer): unknown;
}

export type PromiseClient<D> = {
  [K in keyof D]: D[K] extends { requestSerialize(value: infer Req): Buffer; responseDeserialize(value: Buffer): infer Res }
    ? (req: Req, ctx: CallContext, opts?: CallOptions) => Promise<Res>
    : never;
} & { close(): void };

export interface ClientOptions {
  /** The upstream's name, for the warn line when it fails (with `logger`). */
  name?: string;
  logger?: Logger;
  /**
   * The workload making the calls, whose service credential goes with each (docs/decisions/053):
   * `gateway`, `orders`, …; by default the one this process runs (`test` in tests).
   */
  as?: string;
}

/**
 * Every call carries a deadline, the caller's context and credentials (the workload's service
 * credential, the user's access token); failures come back as AppError.
 */
export function createClient<D extends Record<keyof D, UnaryMethod>>(definition: D, address: string, options: ClientOptions = {}): PromiseClient<D> {
  const upstream = options.name && options.logger ? { name: options.name, logger: options.logger } : undefined;
  const signer = currentTrust().signer(options.as);
  const client = new Client(address, credentials.createInsecure(), {
    // Headless Kubernetes Services resolve to every pod: spread calls over all of them.
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    'grpc.max_receive_message_length': 32 * 1024 * 1024,
    // A restarted pod is used again within about a second: grpc-js's default backoff (1 s growing
    // to 120 s) kept routes answering 503 for 7–10 s after their service was back.
    'grpc.initial_reconnect_backoff_ms': 100,
    'grpc.min_reconnect_backoff_ms': 100,
    'grpc.max_reconnect_backoff_ms': 1000,
    // New pods behind a headless Service are found soon after they appear (default 30 s).
    'grpc.dns_min_time_between_resolutions_ms': 1000,
  });
  const out: Record<string, unknown> = { close: () => client.close() };
  for (const [name, method] of Object.entries(definition) as [string, MethodDefinition<unknown, unknown>][]) {
    out[name] = async (req: unknown, ctx: CallContext, opts?: CallOptions) => {
      const deadline = Date.now() + (opts?.deadlineMs ?? DEFAULT_DEADLINE_MS);
      const metadata = await contextToMetadata(ctx, signer);
      return new Promise((resolve, reject) => {
        client.makeUnaryRequest(
          method.path,
          method.requestSerialize,
          method.responseDeserialize,
          req,
          metadata,
          { deadline },
          (err: ServiceError | null, res?: unknown) => {
            if (!err) return resolve(res);
            // The upstream itself failed (down, too slow, cut off): say which, at warn; answers it gave are not failures.
            if (upstream && (err.code === status.UNAVAILABLE || err.code === status.DEADLINE_EXCEEDED || err.code === status.INTERNAL)) {
              upstream.logger.warn({ upstream: upstream.name, address, method: name, grpc: status[err.code] }, 'upstream call failed');
            }
            reject(grpcToAppError(err));
          },
        );
      });
    };
  }
  return out as PromiseClient<D>;
}

/** grpc.health.v1 Check against a server; true only when it answers SERVING within the deadline. */
export function checkHealth(address: string, service = '', deadlineMs = 1000): Promise<boolean> {
  const check = healthService.Check;
  if (!check) return Promise.resolve(false);
  const client = new Client(address, credentials.createInsecure());
  return new Promise<boolean>((resolve) => {
    client.makeUnaryRequest(
      check.path,
      check.requestSerialize,
      check.responseDeserialize,
      { service },
      new Metadata(),
      { deadline: Date.now() + deadlineMs },
      (err: ServiceError | null, res?: object) => {
        client.close();
        const status = (res as { status?: unknown } | undefined)?.status;
        resolve(!err && (status === 'SERVING' || status === 1));
      },
    );
  });
}
