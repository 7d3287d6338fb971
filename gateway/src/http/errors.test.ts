import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import express, { type NextFunction, type Request, type Response } from 'express';
import pino from 'pino';
import { AppError, ERROR_CATALOGUE } from '@caskade/kit';
import { errorHandler } from './errors';

interface ErrorBody {
  errors: { status: number; code: string; title: string; meta?: Record<string, unknown> }[];
}

/** Log lines the handler writes, parsed. */
const logged: Record<string, unknown>[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }),
);

let thrown: unknown;
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = 'req-42';
    next();
  });
  app.post('/json', express.json({ limit: '64b' }), (req, res) => {
    res.json({ got: req.body as unknown });
  });
  app.get('/throw', () => {
    throw thrown;
  });
  app.get('/next', (_req: Request, _res: Response, next: NextFunction) => {
    next(thrown);
  });
  app.get('/late', (_req, res) => {
    res.status(200).write('partial');
    throw new Error('after headers');
  });
  app.use(errorHandler(logger));
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  logged.length = 0;
  thrown = undefined;
});

async function errorOf(res: globalThis.Response): Promise<ErrorBody['errors'][number]> {
  const body = (await res.json()) as ErrorBody;
  expect(body.errors).toHaveLength(1);
  const [first] = body.errors;
  if (!first) throw new Error('no error in body');
  return first;
}

const postJson = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${base}/json`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('errorHandler: body-parser failures', () => {
  test('a valid body reaches the route (the app is wired right)', async () => {
    const res = await postJson('{"a":1}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ got: { a: 1 } });
  });

  test('entity.too.large → 413 request-upload-over-limit', async () => {
    const res = await postJson(JSON.stringify({ text: 'x'.repeat(200) }));
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ status: 413, code: 'request-upload-over-limit', title: ERROR_CATALOGUE['request-upload-over-limit'].title });
    expect(logged).toHaveLength(0);
  });

  test('entity.parse.failed → 400 validation-invalid-params naming the malformed body', async () => {
    const res = await postJson('{"a":');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      status: 400,
      code: 'validation-invalid-params',
      title: ERROR_CATALOGUE['validation-invalid-params'].title,
      meta: { fields: { _: 'validation.malformedBody' } },
    });
    expect(logged).toHaveLength(0);
  });

  test('charset.unsupported → 400 validation-invalid-params', async () => {
    const res = await postJson('{"a":1}', { 'content-type': 'application/json; charset=klingon' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'validation-invalid-params', meta: { fields: { _: 'validation.malformedBody' } } });
  });

  test('encoding.unsupported → 400 validation-invalid-params', async () => {
    const res = await postJson('{"a":1}', { 'content-encoding': 'klingon' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'validation-invalid-params', meta: { fields: { _: 'validation.malformedBody' } } });
  });

  test('a corrupt gzip body (another 4xx body error) → 400 validation-invalid-value', async () => {
    const gz = gzipSync('{"a":1}');
    const corrupt = Buffer.concat([gz.subarray(0, 12), Buffer.from('garbage-garbage')]);
    const res = await postJson(corrupt, { 'content-encoding': 'gzip' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toMatch(/^validation-invalid-(value|params)$/);
    expect(logged).toHaveLength(0);
  });

  test.each([
    [{ type: 'entity.too.large', status: 413 }, 413, 'request-upload-over-limit'],
    [{ type: 'entity.parse.failed', status: 400 }, 400, 'validation-invalid-params'],
    [{ type: 'encoding.unsupported', status: 415 }, 400, 'validation-invalid-params'],
    [{ type: 'charset.unsupported', status: 415 }, 400, 'validation-invalid-params'],
    [{ type: 'request.aborted', status: 400 }, 400, 'validation-invalid-value'],
    [{ status: 404 }, 404, 'not-found'],
    [{ status: 499 }, 400, 'validation-invalid-value'],
  ])('error shaped %j → %i %s, not logged', async (shape, httpStatus, code) => {
    thrown = Object.assign(new Error('parser said so'), shape);
    const res = await fetch(`${base}/next`);
    expect(res.status).toBe(httpStatus);
    expect((await errorOf(res)).code).toBe(code);
    expect(logged).toHaveLength(0);
  });
});

describe('errorHandler: AppError', () => {
  test.each(['not-found', 'forbidden', 'too-many-requests', 'email-taken', 'service-unavailable'] as const)('%s passes through with its status and meta', async (code) => {
    thrown = new AppError(code, { why: 'because' });
    const res = await fetch(`${base}/throw`);
    expect(res.status).toBe(ERROR_CATALOGUE[code].http);
    expect(await errorOf(res)).toEqual({ status: ERROR_CATALOGUE[code].http, code, title: ERROR_CATALOGUE[code].title, meta: { why: 'because' } });
    expect(logged).toHaveLength(0);
  });

  test('an AppError without meta has no meta key', async () => {
    thrown = new AppError('not-found');
    const res = await fetch(`${base}/next`);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).not.toHaveProperty('meta');
  });

  test('an AppError carrying a custom message still answers the catalogue title', async () => {
    thrown = new AppError('forbidden', undefined, 'internal detail: row 17 owned by u-9');
    const res = await fetch(`${base}/throw`);
    const err = await errorOf(res);
    expect(err.title).toBe(ERROR_CATALOGUE.forbidden.title);
    expect(JSON.stringify(err)).not.toContain('row 17');
  });
});

describe('errorHandler: unknown errors', () => {
  test.each([
    ['an Error', () => new Error('db password is hunter2')],
    ['a 5xx-shaped error', () => Object.assign(new Error('upstream hunter2'), { status: 503 })],
    ['a string', () => 'hunter2'],
    ['a plain object', () => ({ message: 'hunter2' })],
    ['an error with a non-numeric status', () => Object.assign(new Error('hunter2'), { status: '400' })],
  ])('%s → 500 internal, logged with path and request id, no detail leaked', async (_label, make) => {
    thrown = make();
    const res = await fetch(`${base}/next`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect((JSON.parse(text) as ErrorBody).errors).toEqual([{ status: 500, code: 'internal', title: ERROR_CATALOGUE.internal.title }]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, msg: 'unhandled gateway error', path: '/next', requestId: 'req-42' });
  });

  test('the logged entry carries the error itself', async () => {
    thrown = new Error('boom at the bottom');
    await (await fetch(`${base}/throw`)).text();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.err).toMatchObject({ type: 'Error', message: 'boom at the bottom' });
  });

  // Express requires a custom error handler to delegate to next(err) once headers are out, so the
  // default handler can close the connection; a handler that just returns leaves the response open.
  // Not instanceof: the DOMException comes from outside jest's realm.
  const isTimeout = (err: unknown): boolean => typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'TimeoutError';

  test('after headers were sent the response is still ended (not left hanging), with nothing more written', async () => {
    const outcome = await fetch(`${base}/late`, { signal: AbortSignal.timeout(2_000) }).then(
      async (r) => {
        try {
          return { status: r.status, body: await r.text(), ended: 'completed' };
        } catch (err) {
          return { status: r.status, body: '', ended: isTimeout(err) ? 'hung' : 'terminated' };
        }
      },
      (err: unknown) => ({ status: 0, body: '', ended: isTimeout(err) ? 'hung' : 'failed' }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body).not.toContain('errors');
    expect(outcome.ended).not.toBe('hung');
  });
});
