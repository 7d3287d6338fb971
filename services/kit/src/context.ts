import { Metadata } from '@grpc/grpc-js';
import type { Role } from './rules/constants';
import type { Caller } from './rules/caller';
import { AppError } from './rules/errors';
import type { ServiceSigner } from './auth/service-token';
import type { Trust } from './auth/trust';

export type { Caller } from './rules/caller';

export interface CallContext {
  requestId: string;
  /** The signed-in user, from a verified access token (or a service's verified `act` claim); null for none. */
  caller: Caller | null;
  /** The caller's own access token, forwarded on every call made for them (docs/decisions/053). */
  accessToken?: string;
  /** The workload whose verified service credential came with the call (set by the kit's server wrapper). */
  service?: string;
}

export const MD = {
  requestId: 'x-request-id',
  /** `Bearer <access token>`: the user the call is made for, verified by every service. */
  authorization: 'authorization',
  /** The calling workload's service credential (docs/decisions/053). */
  serviceToken: 'x-service-token',
  errorCode: 'x-error-code',
  errorMeta: 'x-error-meta',
} as const;

/**
 * The metadata of an outgoing call: the request id, the calling workload's credential and the
 * user's access token. A caller without a token (a service acting for a user: a standing order, a
 * test) travels as the credential's `act` claim, which the receiving service accepts from services
 * only, never from the gateway.
 */
export async function contextToMetadata(ctx: CallContext, signer: ServiceSigner, md: Metadata = new Metadata()): Promise<Metadata> {
  md.set(MD.requestId, ctx.requestId);
  if (ctx.accessToken) {
    md.set(MD.authorization, `Bearer ${ctx.accessToken}`);
    md.set(MD.serviceToken, await signer.token());
  } else {
    md.set(MD.serviceToken, await signer.token(ctx.caller ?? undefined));
  }
  return md;
}

const first = (md: Metadata, key: string): string | undefined => {
  const v = md.get(key)[0];
  return typeof v === 'string' ? v : undefined;
};

/** The request id an incoming call carries ('unknown' without one); never who is asking. */
export const requestIdFromMetadata = (md: Metadata): string => first(md, MD.requestId) ?? 'unknown';

/**
 * Who is asking, proven by the call's credentials: a valid service credential is required; the
 * user comes from a valid access token (Bearer) or the credential's `act` claim. Metadata such as
 * `x-user-id` is never read. Throws auth-unauthenticated for a missing or invalid credential.
 */
export async function authenticateMetadata(md: Metadata, trust: Pick<Trust, 'access' | 'services'>): Promise<CallContext> {
  const requestId = requestIdFromMetadata(md);
  const serviceToken = first(md, MD.serviceToken);
  const service = serviceToken ? await trust.services.verify(serviceToken) : null;
  if (!service) throw new AppError('auth-unauthenticated', { reason: 'service-credential' });
  const authorization = first(md, MD.authorization);
  if (authorization !== undefined) {
    const token = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    const caller = token ? await trust.access.verify(token) : null;
    if (!caller) throw new AppError('auth-unauthenticated', { reason: 'access-token' });
    return { requestId, caller, accessToken: token, service: service.service };
  }
  return { requestId, caller: service.act, service: service.service };
}

export const systemContext = (requestId = 'system'): CallContext => ({ requestId, caller: null });

/** The signed-in caller; a call without one is refused as unauthenticated (401). */
export function requireCaller(ctx: CallContext): Caller {
  if (!ctx.caller) throw new AppError('auth-unauthenticated');
  return ctx.caller;
}

/** The signed-in caller in `role`; another role is refused (403). */
export function requireRole(ctx: CallContext, role: Role): Caller {
  const caller = requireCaller(ctx);
  if (caller.role !== role) throw new AppError('forbidden', { reason: `${role}s only` });
  return caller;
}
