import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Request } from 'express';
import { findNul, findTooDeep, hasBody, MAX_INPUT_DEPTH, refuseNulCharacters } from './input-guards';

const NUL = '\u0000';

/** `{ a: { a: … { a: leaf } } }`, `depth` levels, built without recursion. */
function nested(depth: number, leaf: unknown, key = 'a'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { [key]: value };
  return value;
}

function nestedArrays(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('findNul', () => {
  test.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['a boolean', false],
    ['a clean string', 'hello \\0 world'],
    ['an empty object', {}],
    ['an empty array', []],
    ['a clean object', { q: 'beer', page: '2', tags: ['ipa', 'stout'], nested: { deep: { ok: 'yes', n: 1, nil: null } } }],
  ])('answers null for %s', (_label, value) => {
    expect(findNul(value)).toBeNull();
  });

  test('a NUL in a top-level value: the key', () => {
    expect(findNul({ q: `be${NUL}er`, page: '1' })).toBe('q');
  });

  test('a NUL at the very start or end of a value', () => {
    expect(findNul({ q: `${NUL}beer` })).toBe('q');
    expect(findNul({ q: `beer${NUL}` })).toBe('q');
    expect(findNul({ q: NUL })).toBe('q');
  });

  test('a NUL in a nested value: the dotted path', () => {
    expect(findNul({ profile: { address: { street: `1 Main${NUL}St` }, name: 'ok' } })).toBe('profile.address.street');
  });

  test('a NUL in an array element: the index in the path', () => {
    expect(findNul({ tags: ['ipa', `sto${NUL}ut`] })).toBe('tags.1');
    expect(findNul({ lines: [{ listingId: 'a' }, { listingId: 'b', note: `x${NUL}` }] })).toBe('lines.1.note');
    expect(findNul(['ok', 'ok', NUL])).toBe('2');
  });

  test('a NUL in a key, at the top and at depth: the path ends with that key', () => {
    expect(findNul({ [`bad${NUL}key`]: 'clean' })).toBe(`bad${NUL}key`);
    expect(findNul({ a: { b: { [`k${NUL}`]: 1 } } })).toBe(`a.b.k${NUL}`);
    // A NUL in a key is found even when its value is not a string.
    expect(findNul({ a: [{ [NUL]: null }] })).toBe(`a.0.${NUL}`);
  });

  test('a bare string with a NUL answers "_" (there is no key to name)', () => {
    expect(findNul(`x${NUL}y`)).toBe('_');
  });

  test('non-string leaves are not inspected as text', () => {
    expect(findNul({ n: 0, b: true, d: new Date(0), nil: null, u: undefined })).toBeNull();
  });

  test('finds the one dirty value among many clean ones', () => {
    const wide: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) wide[`k${i}`] = `v${i}`;
    wide.k737 = `v${NUL}`;
    expect(findNul(wide)).toBe('k737');
  });

  test('does not overflow on 100,000-deep nesting (objects), clean or dirty', () => {
    const depth = 100_000;
    expect(findNul(nested(depth, 'clean'))).toBeNull();
    const path = findNul(nested(depth, `x${NUL}`));
    expect(path).not.toBeNull();
    expect(path?.split('.')).toHaveLength(depth);
    expect(path?.startsWith('a.a.a.')).toBe(true);
    const keyAtBottom = findNul(nested(depth - 1, { [`k${NUL}`]: 1 }));
    expect(keyAtBottom?.endsWith(`.k${NUL}`)).toBe(true);
    expect(keyAtBottom?.split('.')).toHaveLength(depth);
  });

  test('does not overflow on 100,000-deep nesting (arrays)', () => {
    expect(findNul(nestedArrays(100_000, 'clean'))).toBeNull();
    const path = findNul(nestedArrays(100_000, NUL));
    expect(path?.split('.')).toHaveLength(100_000);
    expect(path?.split('.').every((p) => p === '0')).toBe(true);
  });

  test('a JSON body parsed from text: found the same way', () => {
    const body: unknown = JSON.parse('{"items":[{"title":"ok"},{"title":"bad\\u0000"}],"x":{"\\u0000":"y"}}');
    expect(['items.1.title', `x.${NUL}`]).toContain(findNul(body));
    expect(findNul((body as { items: unknown }).items)).toBe('1.title');
  });
});

describe('findTooDeep', () => {
  test('takes nesting up to the limit and names where it is passed first', () => {
    expect(findTooDeep(nested(MAX_INPUT_DEPTH - 1, 'leaf'))).toBeNull();
    expect(findTooDeep(nested(MAX_INPUT_DEPTH, 'leaf'))).toBeNull();
    expect(findTooDeep(nested(MAX_INPUT_DEPTH + 1, 'leaf'))?.split('.')).toHaveLength(MAX_INPUT_DEPTH);
    expect(findTooDeep({ ok: { fine: [1, 2] }, params: nestedArrays(100_000, 1) })).toBe(`params${'.0'.repeat(MAX_INPUT_DEPTH - 1)}`);
    expect(findTooDeep({ a: 1, b: 'two', c: [{ d: null }] })).toBeNull();
  });
});

describe('hasBody', () => {
  const req = (headers: Record<string, string | undefined>) => ({ headers }) as unknown as Request;

  test.each([
    [{}, false],
    [{ 'content-length': '0' }, false],
    [{ 'content-length': '1' }, true],
    [{ 'content-length': '1048576' }, true],
    [{ 'content-length': 'abc' }, false],
    [{ 'content-length': '-5' }, false],
    [{ 'transfer-encoding': 'chunked' }, true],
    [{ 'content-length': '0', 'transfer-encoding': 'chunked' }, true],
    [{ 'content-type': 'application/json' }, false],
  ])('%j → %s', (headers, expected) => {
    expect(hasBody(req(headers))).toBe(expected);
  });
});

describe('refuseNulCharacters (through express)', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(refuseNulCharacters());
    app.all('/echo', (req, res) => {
      res.json({ ok: true, query: req.query });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('a clean request passes through', async () => {
    const res = await fetch(`${base}/echo?q=beer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: { b: 'c' } }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, query: { q: 'beer' } });
  });

  test('a NUL in the query is refused with the field named', async () => {
    const res = await fetch(`${base}/echo?page=1&q=be%00er`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [{ status: 400, code: 'validation-invalid-params', title: expect.any(String), meta: { fields: { q: 'validation.invalidValue' } } }],
    });
  });

  test('a body nested thousands deep is refused with 400, not a stack overflow later', async () => {
    const depth = 5_000;
    const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"transition":"x","params":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}` });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { code: string; meta: { fields: Record<string, string> } }[] };
    expect(body.errors[0]?.code).toBe('validation-invalid-params');
    expect(Object.keys(body.errors[0]?.meta.fields ?? {})).toEqual([`params${'.a'.repeat(MAX_INPUT_DEPTH - 1)}`]);
  });

  test('a NUL deep in the JSON body is refused with the dotted path', async () => {
    const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"lines":[{"note":"ok"},{"note":"x\\u0000"}]}' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { code: string; meta: { fields: Record<string, string> } }[] };
    expect(body.errors[0]?.code).toBe('validation-invalid-params');
    expect(body.errors[0]?.meta.fields).toEqual({ 'lines.1.note': 'validation.invalidValue' });
  });
});
