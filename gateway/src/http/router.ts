import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError, fieldErrors, type Caller, type RateLimiter } from '@caskade/kit';
import { sendError } from './errors';
import { callContextOf } from './security';
import { hasBody } from './input-guards';
import type { RateLimiters } from './rate-limits';
import type { RouteDef } from './route';

/** A route that declares no query or body takes none: anything sent is refused like an unknown field. */
const NOTHING = z.object({}).strict();

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.infer<T> | undefined {
  if (!schema) {
    const none = NOTHING.safeParse(value ?? {});
    if (!none.success) throw new AppError('validation-invalid-params', { fields: fieldErrors(none.error) });
    return undefined;
  }
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError('validation-invalid-params', { fields: fieldErrors(result.error) });
  return result.data;
}

function authorize(def: RouteDef, caller: Caller | null): void {
  if (def.access === 'public') return;
  if (!caller) throw new AppError('auth-unauthenticated');
  if (def.access !== 'user' && caller.role !== def.access) throw new AppError('forbidden');
}

async function enforceLimit(limiters: RateLimiters, name: string, key: string, res: Response, spend = true): Promise<void> {
  const limiter: RateLimiter = limiters[name as keyof RateLimiters];
  const decision = spend ? await limiter.consume(key) : await limiter.peek(key);
  if (!decision.allowed) {
    res.setHeader('Retry-After', String(decision.retryAfterSeconds));
    throw new AppError('too-many-requests', { retryAfterSeconds: decision.retryAfterSeconds });
  }
}

/** Runs a handler whose refusals (a 4xx answer) spend a point of `limiter` and whose success clears it. */
async function countFailures<T>(limiter: RateLimiter, key: string, run: () => Promise<T>): Promise<T> {
  try {
    const out = await run();
    await limiter.reset(key);
    return out;
  } catch (err) {
    if (err instanceof AppError && err.status >= 400 && err.status < 500) await limiter.consume(key);
    throw err;
  }
}

/** The account a body names, for per-account limits: the email as identity normalises it. */
function accountKey(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Mount routes: authorize, rate-limit, validate strictly, call the handler, answer `{ data }`. */
export function buildRouter(routes: RouteDef[], limiters: RateLimiters): Router {
  const router = Router();
  for (const def of routes) {
    router[def.method](def.path, async (req: Request, res: Response) => {
      const call = callContextOf(res);
      const caller = call.caller;
      try {
        authorize(def, caller);
        if (def.rateLimit) await enforceLimit(limiters, def.rateLimit, req.ip ?? 'unknown', res);
        const params = parse(def.params, req.params);
        const query = parse(def.query, req.query);
        // Only JSON is parsed: any other body would otherwise read as `{}` and pass as empty input.
        if (req.body === undefined && hasBody(req)) throw new AppError('unsupported-media-type', { reason: 'expected application/json' });
        const body = parse(def.body, req.body);
        const failuresOnly = def.accountRateLimitCounts === 'failures';
        if (def.accountRateLimit) await enforceLimit(limiters, def.accountRateLimit, accountKey(body), res, !failuresOnly);
        const reply = await (failuresOnly && def.accountRateLimit
          ? countFailures(limiters[def.accountRateLimit as keyof RateLimiters], accountKey(body), () => def.handler({ body, query, params, caller, call, req, res }))
          : def.handler({ body, query, params, caller, call, req, res }));
        if (reply.file) res.status(reply.status).attachment(reply.file.filename).type(reply.file.contentType).send(Buffer.from(reply.file.body));
        else if (reply.data === undefined) res.status(reply.status).end();
        else res.status(reply.status).json({ data: reply.data });
      } catch (err) {
        if (err instanceof AppError) return sendError(res, err);
        throw err;
      }
    });
  }
  return router;
}

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

function parameters(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || !s.safeParse(undefined).success,
    schema: jsonSchema(s),
  }));
}

/** OpenAPI 3.1 from the same route definitions the router runs. */
export function openApiDocument(routes: RouteDef[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const path = def.path.replace(/:(\w+)/g, '{$1}');
    const success = String(def.successStatus ?? (def.response || def.produces ? 200 : 204));
    paths[path] ??= {};
    paths[path][def.method] = {
      summary: def.summary,
      tags: def.tags,
      security: def.access === 'public' ? [] : [{ cookieAuth: [] }],
      'x-access': def.access,
      parameters: [...parameters(def.params, 'path'), ...parameters(def.query, 'query')],
      ...(def.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(def.body) } } } } : {}),
      responses: {
        [success]: def.produces
          ? { description: 'A file to download (Content-Disposition: attachment)', content: { [def.produces]: { schema: { type: 'string', contentMediaType: def.produces } } } }
          : def.response
            ? { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { data: jsonSchema(def.response) } } } } }
            : { description: 'No content' },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: 'caskade_at' } },
      schemas: {
        ErrorResponse: {
          type: 'object',
          required: ['errors'],
          properties: {
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['status', 'code', 'title'],
                properties: { status: { type: 'integer' }, code: { type: 'string' }, title: { type: 'string' }, meta: { type: 'object' } },
              },
            },
          },
        },
      },
    },
  };
}
