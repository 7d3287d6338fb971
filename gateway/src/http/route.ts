import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { CallContext, Caller } from '@caskade/kit';

export type Access = 'public' | 'user' | 'operator' | 'supplier' | 'buyer';
export type Method = 'get' | 'post' | 'put' | 'delete';

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  caller: Caller | null;
  call: CallContext;
  req: Request;
  res: Response;
}

export interface Reply {
  status: number;
  data?: unknown;
  /** A document to download instead of JSON: sent as is, with `Content-Disposition: attachment`. */
  file?: { contentType: string; filename: string; body: Uint8Array };
}

export interface RouteDef<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType> {
  method: Method;
  /** Express path syntax (`/api/users/:id`); the OpenAPI document shows `{id}`. */
  path: string;
  summary: string;
  tags: string[];
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /** Response schema of `data` for the OpenAPI document. */
  response?: z.ZodType;
  /** The content type of a route that answers a file (`Reply.file`) rather than JSON, for the OpenAPI document. */
  produces?: string;
  successStatus?: number;
  /** Per-IP limit, checked before the input is parsed. */
  rateLimit?: string;
  /** Per-account limit keyed on the body's `email` (trimmed, lower-cased), checked once the body is valid. */
  accountRateLimit?: string;
  /**
   * `failures`: the per-account limit counts only requests the handler refuses (a wrong password),
   * and a success clears the count — a venue's staff signing in on several devices is not locked
   * out. Default `every`: each request counts (a reset email costs a mail each time).
   */
  accountRateLimitCounts?: 'every' | 'failures';
  handler(input: RouteInput<z.infer<B>, z.infer<Q>, z.infer<P>>): Promise<Reply>;
}

/** Keeps each route's body/query/params types tied to its handler. */
export function route<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType>(
  def: RouteDef<B, Q, P>,
): RouteDef {
  return def as unknown as RouteDef;
}
