import { Metadata } from '@grpc/grpc-js';
import { ROLES, type Role } from './rules/constants';
import type { Caller } from './rules/caller';
import { AppError } from './rules/errors';

export type { Caller } from './rules/caller';

export interface CallContext {
  requestId: string;
  caller: Caller | null;
}

export const MD = {
  requestId: 'x-request-id',
  userId: 'x-user-id',
  role: 'x-user-role',
  scopes: 'x-user-scopes',
  sessionVersion: 'x-session-version',
  errorCode: 'x-error-code',
  errorMeta: 'x-error-meta',
} as const;

export function contextToMetadata(ctx: CallContext, md: Metadata = new Metadata()): Metadata {
  md.set(MD.requestId, ctx.requestId);
  if (ctx.caller) {
    md.set(MD.userId, ctx.caller.userId);
    md.set(MD.role, ctx.caller.role);
    md.set(MD.scopes, ctx.caller.scopes.join(' '));
    if (ctx.caller.sessionVersion !== undefined) md.set(MD.sessionVersion, String(ctx.caller.sessionVersion));
  }
  return md;
}

const first = (md: Metadata, key: string): string | undefined => {
  const v = md.get(key)[0];
  return typeof v === 'string' ? v : undefined;
};

export function contextFromMetadata(md: Metadata): CallContext {
  const requestId = first(md, MD.requestId) ?? 'unknown';
  const userId = first(md, MD.userId);
  const role = first(md, MD.role);
  if (!userId || !role || !(ROLES as readonly string[]).includes(role)) return { requestId, caller: null };
  const scopes = (first(md, MD.scopes) ?? '').split(' ').filter(Boolean);
  const version = Number(first(md, MD.sessionVersion));
  const sessionVersion = Number.isSafeInteger(version) && version >= 0 ? { sessionVersion: version } : {};
  return { requestId, caller: { userId, role: role as Role, scopes, ...sessionVersion } };
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
