import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { z } from 'zod';
import { createRateLimiters } from './rate-limits';
import { route } from './route';
import { buildRouter, openApiDocument } from './router';

/** A route answering a file (Reply.file) next to a JSON one: the table sends the bytes as an attachment and documents the type. */
const PDF_BYTES = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n', 'latin1');
const routes = [
  route({
    method: 'get', path: '/api/files/:name.pdf', summary: 'a file', tags: ['test'], access: 'public',
    params: z.object({ name: z.string().regex(/^[a-z-]+$/) }).strict(), produces: 'application/pdf',
    handler: ({ params }) => Promise.resolve({ status: 200, file: { contentType: 'application/pdf', filename: `${params.name}.pdf`, body: PDF_BYTES } }),
  }),
  route({ method: 'get', path: '/api/json', summary: 'json', tags: ['test'], access: 'public', response: z.object({ ok: z.boolean() }), handler: () => Promise.resolve({ status: 200, data: { ok: true } }) }),
];

let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = 'test';
    res.locals.caller = null;
    next();
  });
  app.use(buildRouter(routes, createRateLimiters(1)));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('route table: file answers', () => {
  test('a file reply goes out as its bytes, with its type and Content-Disposition: attachment', async () => {
    const res = await fetch(`${url}/api/files/tax-invoice.pdf`);
    const body = Buffer.from(await res.arrayBuffer());
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition'), body.equals(PDF_BYTES)]).toEqual([
      200, 'application/pdf', 'attachment; filename=tax-invoice.pdf', true,
    ]);
  });

  test('a JSON route still answers { data }', async () => {
    const res = await fetch(`${url}/api/json`);
    expect([res.status, await res.json()]).toEqual([200, { data: { ok: true } }]);
  });

  test('the OpenAPI document gives a file route its content type and a JSON route its schema', () => {
    const doc = openApiDocument(routes, { title: 't', version: '1' });
    const file = doc.paths['/api/files/{name}.pdf']?.get as { responses: Record<string, { content: Record<string, unknown> }> };
    const json = doc.paths['/api/json']?.get as { responses: Record<string, { content: Record<string, unknown> }> };
    expect([Object.keys(file.responses), file.responses['200']?.content]).toEqual([['200', 'default'], { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } }]);
    expect(Object.keys(json.responses['200']?.content ?? {})).toEqual(['application/json']);
  });
});
