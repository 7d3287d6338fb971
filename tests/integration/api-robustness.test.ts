/**
 * "Bad input gets a clear 4xx error with the spec's code and changes nothing; no request can make
 * a service answer 500 or crash", checked systematically from the gateway's own OpenAPI document.
 *
 * For every operation in /api/openapi.json the suite sends malformed requests built from the
 * operation's declared body, path and query schemas: unparsable JSON, JSON of the wrong shape, each
 * declared (nested) property set to wrong-typed or hostile values, unknown and prototype-polluting
 * keys, bad path parameters and malformed query values; plus broken multipart uploads for
 * POST /api/images. A sample of each kind goes as every role (anonymous, buyer, supplier, operator);
 * the many per-field variations go once each, in turn as the roles the route lets through (the
 * others are refused before any validation). Every answer must be < 500 and, when
 * it is an error, the `{ errors: [{ status, code, title }] }` body with a catalogue code whose HTTP
 * status is the one answered. Inputs the schema rejects must be refused (never 2xx). Afterwards the
 * data the demo users see is unchanged and they can still log in.
 *
 * Body mutations are only sent when the OpenAPI schema (checked with ajv) says they are invalid, so a
 * correct gateway cannot change anything; whatever does change is a finding.
 */
import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from '@caskade/kit/rules';
import { startApp, type TestApp } from '../support/app';
import { ApiSession } from '../support/http';

const PASSWORD = 'Caskade-demo-2026';
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 15_000;

// ---- the bits of OpenAPI / JSON Schema this suite reads ----
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  'x-access'?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}
interface ErrorEntry {
  status?: unknown;
  code?: unknown;
  title?: unknown;
}
interface Page {
  data: { pagination: { totalItems: number }; listings: Array<{ id: string }> };
}

type Role = 'anonymous' | 'buyer' | 'supplier' | 'operator' | 'throwaway';
const DEMO_ROLES = ['buyer', 'supplier', 'operator'] as const;

interface Probe {
  op: string;
  label: string;
  method: string;
  url: string;
  body?: string | Uint8Array;
  headers: Record<string, string>;
  /** The input is bad by the spec: a 2xx answer is a finding. */
  mustReject: boolean;
  /** Refused by the JSON body parser before any route runs: safe to send even to session-destroying routes. */
  parserOnly: boolean;
  /**
   * Sent once, by each of the roles allowed past the route's authorization in turn, rather than by
   * every role: the roles that are not allowed are refused before any validation runs, so sending
   * them every variation would only repeat the same 401/403 (and the run would be far slower).
   */
  rotate: boolean;
  /** Sent by this role only (writes that may only touch the throwaway user's own data). */
  onlyRole?: Role;
  expectCode?: ErrorCode;
}

interface Violation {
  op: string;
  role: Role;
  probe: Probe;
  status: number | 'no answer';
  problem: string;
  response: string;
  requestId: string;
}

// ---- inputs ----
const HUGE = 'x'.repeat(100_000);
type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
const ALL_TYPES: JsonType[] = ['string', 'number', 'integer', 'boolean', 'array', 'object'];
const NUMERIC: JsonType[] = ['number', 'integer'];
/**
 * Wrong values for a declared property, as raw JSON text so that values JSON.stringify cannot make
 * (1e309, -0) reach the server, each for the property types it is meant to break. Only those the
 * property's schema rejects are sent (ajv decides).
 */
const BAD_VALUES: Array<[raw: string, label: string, forTypes: JsonType[]]> = [
  ['12345', 'number', ALL_TYPES],
  ['-1', 'negative number', NUMERIC],
  ['1.5', 'float', ['integer']],
  ['-0', 'negative zero', NUMERIC],
  ['1e309', '1e309 (Infinity)', ALL_TYPES],
  ['9007199254740993', 'unsafe integer', NUMERIC],
  ['2147483648', 'beyond int32 (2^31)', NUMERIC],
  ['"NaN"', '"NaN"', ALL_TYPES],
  ['""', 'empty string', ALL_TYPES],
  ['true', 'boolean', ALL_TYPES],
  ['null', 'null', ALL_TYPES],
  [JSON.stringify(HUGE), '100k-char string', ['string']],
  ['{"nested":{"deeper":{"deepest":[1,{"x":null}]}}}', 'nested object', ALL_TYPES],
  ['[1,"two",{"three":3},[4]]', 'mixed array', ALL_TYPES],
  [`[${Array.from({ length: 1000 }, () => '"x"').join(',')}]`, '1000-item array', ['array']],
  ['{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}', '__proto__/constructor object', ALL_TYPES],
];
/** Strings the schema accepts but storage layers often choke on; sent only to routes that change nothing. */
const HOSTILE_STRINGS: Array<[raw: string, label: string]> = [
  ['"\\u0000"', 'NUL'],
  ['"a\\u0000b@example.com"', 'embedded NUL'],
  ['"\\ud800"', 'lone surrogate'],
  ['"\' OR \'1\'=\'1\' --"', 'SQL quote'],
  ['"%00%0d%0a\\r\\n"', 'CR/LF and %00'],
  ['"\\u202e😀"', 'RTL override and emoji'],
];
/**
 * Writes whose schema-valid hostile strings may only change the throwaway user's own profile: sent
 * by that user alone, with the NUL string that storage cannot hold (PostgreSQL refuses 0x00 in text).
 */
const THROWAWAY_WRITE_OPS = new Set(['PUT /api/current-user/profile']);
const READ_ONLY_BODY_OPS = new Set([
  'POST /api/auth/login', 'POST /api/brands/scan-valid-email', 'POST /api/auth/verify-email',
  'POST /api/auth/password-reset-request', 'POST /api/auth/password-reset',
]);
const BAD_PATH_VALUES: Array<[raw: string, label: string]> = [
  ['not-a-uuid', 'not a UUID'],
  ['a'.repeat(5000), '5000-char segment'],
  ['%00', '%00'],
  ['123e4567-e89b-02d3-a456-426614174000%00', 'UUID + %00'],
  ['..%2F..%2Fetc%2Fpasswd', '..%2F traversal'],
  ['%2F', 'encoded slash'],
  ['%E0%A4%A', 'malformed percent-encoding'],
  ['%', 'lone %'],
  ['123e4567-e89b-02d3-a456-42661417400', 'short UUID'],
  ['123e4567-e89b-02d3-a456-426614174000', 'UUID with version 0'],
  ['%27%20OR%20%271%27%3D%271', 'SQL quote'],
  ['-1', 'negative number'],
  ['1e309', 'huge number'],
  ['%F0%9F%8D%BA', 'emoji'],
  ['%ED%A0%80', 'UTF-8 encoded surrogate'],
];
const BAD_QUERY_VALUES: Array<[raw: string, label: string]> = [
  ['abc', 'word'], ['-1', 'negative'], ['1.5', 'float'], ['1e309', '1e309'], ['2147483648', 'beyond int32'], ['NaN', 'NaN'], ['Infinity', 'Infinity'], ['0x10', 'hex'],
  ['', 'empty'], ['%20%201%20', 'padded'], ['%00', '%00'], ['a%00b', 'embedded %00'], ['%E0%A4%A', 'malformed percent-encoding'],
  ['%ED%A0%80', 'UTF-8 encoded surrogate'], ['%27%20OR%201%3D1--', 'SQL quote'], ['%F0%9F%8D%BA', 'emoji'], ['a,,b,%2C,', 'empty list items'],
];
const INVALID_JSON_TEXTS: Array<[raw: string, label: string]> = [
  ['{"a":', 'truncated JSON'],
  ["{'a':1}", 'single-quoted JSON'],
  ['{"a":1}}', 'trailing brace'],
  ['{"a":NaN}', 'NaN literal'],
  ['\u0000', 'NUL byte'],
  ['42', 'top-level number'],
  ['null', 'top-level null'],
  ['"just a string"', 'top-level string'],
];

/** A sample of each kind of malformed request that every role sends to every route. */
const EVERY_ROLE = new Set([
  'body truncated JSON', 'body top-level null', 'body []', 'body with unknown property', 'body with __proto__ key', 'text/plain body',
  'cross-site Origin', 'query unknown and __proto__ keys',
]);

// ---- schema helpers ----
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
const validators = new Map<JsonSchema, (data: unknown) => boolean>();
function isValid(schema: JsonSchema, data: unknown): boolean {
  let v = validators.get(schema);
  if (!v) {
    const compiled = ajv.compile(schema);
    v = (d: unknown) => compiled(d) === true;
    validators.set(schema, v);
  }
  return v(data);
}

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);
/** The object alternatives of a schema (oneOf/anyOf branches), or the schema itself. */
const objectBranches = (s: JsonSchema): JsonSchema[] => {
  const alts = s.oneOf ?? s.anyOf;
  return alts ? alts.filter((a) => typeOf(a) === 'object') : typeOf(s) === 'object' ? [s] : [];
};

const FIXED_UUID = randomUUID();
const STRING_CANDIDATES = ['robustness-probe@example.com', '09:00', '3000', FIXED_UUID, 'https://push.example.com/robustness-probe', ''];

/** A minimal valid value: required properties only; strings, numbers and arrays at their smallest. */
function validValue(s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const branch = (s.oneOf ?? s.anyOf)?.[0];
  if (branch) return validValue(branch);
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = validValue(s.properties?.[key] ?? {});
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => validValue(s.items ?? {}));
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -Infinity);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Infinity);
      return 0 >= min && 0 <= max ? 0 : min;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      // Else a run of one letter as long as the schema wants (a fixed-length key such as a push subscription's p256dh).
      return STRING_CANDIDATES.find((c) => isValid(s, c)) ?? Array.from({ length: 256 }, (_, n) => 'x'.repeat(n + 1)).find((c) => isValid(s, c)) ?? 'x'.repeat(s.minLength ?? 1);
    default:
      return null;
  }
}

/** Every declared property, nested ones included, as a path of keys (array items as index 0). */
function propertyPaths(s: JsonSchema, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  const [branch] = objectBranches(s);
  if (branch?.properties) {
    for (const [key, sub] of Object.entries(branch.properties)) {
      out.push([...prefix, key]);
      out.push(...propertyPaths(sub, [...prefix, key]));
    }
  } else if (typeOf(s) === 'array' && s.items) {
    out.push([...prefix, 0]);
    out.push(...propertyPaths(s.items, [...prefix, 0]));
  }
  return out;
}

const schemaAt = (s: JsonSchema, path: Array<string | number>): JsonSchema => {
  let cur = s;
  for (const key of path) {
    if (typeof key === 'number') cur = cur.items ?? {};
    else cur = objectBranches(cur)[0]?.properties?.[key] ?? {};
  }
  return cur;
};

const PLACEHOLDER = '@@robustness-probe-value@@';
/** The base body with the value at `path` replaced by raw JSON text; containers on the way are made valid. */
function bodyWith(base: Record<string, unknown>, schema: JsonSchema, path: Array<string | number>, raw: string): string {
  const copy = structuredClone(base);
  let container: Record<string | number, unknown> = copy;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string | number;
    let next = container[key];
    if (next === undefined || next === null || typeof next !== 'object') {
      const sub = schemaAt(schema, path.slice(0, i + 1));
      next = typeOf(sub) === 'array' ? [validValue(sub.items ?? {})] : validValue(objectBranches(sub)[0] ?? sub);
      container[key] = next;
    }
    if (Array.isArray(next) && next.length === 0) next.push(validValue(schemaAt(schema, path.slice(0, i + 2))));
    container = next as Record<string | number, unknown>;
  }
  container[path[path.length - 1] as string | number] = PLACEHOLDER;
  return JSON.stringify(copy).replace(JSON.stringify(PLACEHOLDER), raw);
}

const withExtraKey = (baseText: string, extra: string) => `{${extra}${baseText === '{}' ? '' : ','}${baseText.slice(1)}`;

const parseOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Shortened, with control characters shown as escapes so that each report line stays one line. */
const short = (text: string, max = 160): string => {
  const cut = text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
  return [...cut].map((c) => (c.charCodeAt(0) < 0x20 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c)).join('');
};

// ---- probes per operation ----
interface OpContext {
  appUrl: string;
  /** An existing listing of the supplier: the id for routes that take a body, so a wrongly accepted body would show. */
  targetListingId: string;
}

/** Routes whose handler would end or rotate the caller's session or send mail even for an ignored body. */
const SESSION_SENSITIVE = new Set(['POST /api/auth/logout', 'POST /api/auth/refresh', 'POST /api/user/delete', 'POST /api/auth/send-verification-email']);

function probesFor(path: string, method: string, op: Operation, ctx: OpContext): Probe[] {
  const M = method.toUpperCase();
  const key = `${M} ${path}`;
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const isMultipart = op.requestBody?.content['multipart/form-data'] !== undefined;
  const sendsBody = M !== 'GET' && M !== 'HEAD';
  const stateHeaders: Record<string, string> = sendsBody ? { origin: ctx.appUrl } : {};
  const jsonHeaders = { ...stateHeaders, 'content-type': 'application/json' };

  const goodParam = (p: Parameter): string => {
    if (p.schema.enum) return String(p.schema.enum[0]);
    return jsonSchema ? ctx.targetListingId : randomUUID();
  };
  const urlFor = (overrides: Record<string, string> = {}, query = ''): string => {
    let url = path;
    for (const p of pathParams) url = url.replace(`{${p.name}}`, overrides[p.name] ?? goodParam(p));
    return query ? `${url}?${query}` : url;
  };

  const baseBody = jsonSchema ? (validValue(jsonSchema) as Record<string, unknown>) : undefined;
  if (jsonSchema && !isValid(jsonSchema, baseBody)) throw new Error(`${key}: could not build a valid base body (${JSON.stringify(baseBody)})`);
  const baseText = baseBody ? JSON.stringify(baseBody) : undefined;

  const probes: Probe[] = [];
  const add = (p: Omit<Probe, 'op' | 'method' | 'parserOnly' | 'mustReject' | 'rotate'> & Partial<Pick<Probe, 'parserOnly' | 'mustReject' | 'rotate'>>) =>
    probes.push({ op: key, method: M, parserOnly: false, mustReject: false, rotate: !EVERY_ROLE.has(p.label), ...p });
  /** Bad by the spec when the route has a body schema that rejects it; an ignored body otherwise. */
  const jsonProbe = (label: string, text: string) => {
    const parsed = parseOrUndefined(text);
    add({ label, url: urlFor(), body: text, headers: jsonHeaders, mustReject: jsonSchema ? !isValid(jsonSchema, parsed) : false });
  };

  // -- bodies (JSON routes and routes without a body alike: the JSON parser runs for every /api request) --
  if (sendsBody && !isMultipart) {
    for (const [raw, label] of INVALID_JSON_TEXTS) add({ label: `body ${label}`, url: urlFor(), body: raw, headers: jsonHeaders, mustReject: true, parserOnly: true });
    add({ label: 'body in unsupported charset koi8-r', url: urlFor(), body: '{}', headers: { ...stateHeaders, 'content-type': 'application/json; charset=koi8-r' }, mustReject: true, parserOnly: true });
    add({ label: 'body with unknown Content-Encoding', url: urlFor(), body: '{}', headers: { ...jsonHeaders, 'content-encoding': 'x-bogus' }, mustReject: true, parserOnly: true });
    add({ label: 'body claiming gzip, not gzipped', url: urlFor(), body: '{"a":1}', headers: { ...jsonHeaders, 'content-encoding': 'gzip' }, mustReject: true, parserOnly: true });
    add({ label: 'body over the 1 MB limit', url: urlFor(), body: JSON.stringify({ big: 'x'.repeat(1_100_000) }), headers: jsonHeaders, mustReject: true, parserOnly: true });

    jsonProbe('body []', '[]');
    jsonProbe('body [{}]', '[{}]');
    jsonProbe('body [base]', `[${baseText ?? '{}'}]`);
    jsonProbe('body nested 5000 levels deep', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`);
    jsonProbe('body nested arrays 5000 levels deep', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    jsonProbe('body with unknown property', withExtraKey(baseText ?? '{}', '"unexpectedProperty":"surprise"'));
    jsonProbe('body with __proto__ key', withExtraKey(baseText ?? '{}', '"__proto__":{"polluted":"yes","role":"operator"}'));
    jsonProbe('body with constructor.prototype key', withExtraKey(baseText ?? '{}', '"constructor":{"prototype":{"polluted":"yes"}}'));
    jsonProbe('body with 200 unknown properties', withExtraKey(baseText ?? '{}', Array.from({ length: 200 }, (_, i) => `"k${i}":${i}`).join(',')));

    if (jsonSchema && baseText) {
      // A non-JSON body is bad input for a JSON route, whatever the gateway would make of it.
      add({ label: 'text/plain body', url: urlFor(), body: withExtraKey(baseText, '"unexpectedProperty":1'), headers: { ...stateHeaders, 'content-type': 'text/plain' }, mustReject: true });
      add({ label: 'form-urlencoded body', url: urlFor(), body: 'unexpectedProperty=1&__proto__%5Bpolluted%5D=yes', headers: { ...stateHeaders, 'content-type': 'application/x-www-form-urlencoded' }, mustReject: true });
      // A missing body counts as {} in this gateway; it is bad input only when {} is (else it is a valid request and could change data).
      if (!isValid(jsonSchema, {})) add({ label: 'no body', url: urlFor(), headers: stateHeaders, mustReject: true });
      // A foreign Origin must be refused before anything else (the body is bad too, so nothing could change).
      add({ label: 'cross-site Origin', url: urlFor(), body: withExtraKey(baseText, '"unexpectedProperty":1'), headers: { ...jsonHeaders, origin: 'https://evil.example' }, mustReject: true, expectCode: 'forbidden' });

      const schemaPaths = objectBranches(jsonSchema).flatMap((branch) => propertyPaths(branch).map((p) => ({ branch, p })));
      for (const { branch, p } of schemaPaths) {
        const branchBase = validValue(branch) as Record<string, unknown>;
        const type = typeOf(objectBranches(schemaAt(branch, p))[0] ?? schemaAt(branch, p)) as JsonType | undefined;
        const values: Array<[string, string]> = BAD_VALUES.filter(([, , types]) => !type || types.includes(type)).map(([raw, label]) => [raw, label]);
        if (READ_ONLY_BODY_OPS.has(key) && type === 'string') values.push(...HOSTILE_STRINGS);
        for (const [raw, label] of values) {
          const text = bodyWith(branchBase, branch, p, raw);
          const parsed = parseOrUndefined(text);
          const bad = !isValid(jsonSchema, parsed);
          // Schema-valid bodies could change data: only routes that change nothing get them (the hostile strings).
          if (!bad && !READ_ONLY_BODY_OPS.has(key)) continue;
          add({ label: `body ${p.join('.')} = ${label}`, url: urlFor(), body: text, headers: jsonHeaders, mustReject: bad, rotate: true });
        }
        if (THROWAWAY_WRITE_OPS.has(key) && type === 'string') {
          const text = bodyWith(branchBase, branch, p, '"a\\u0000b"');
          add({ label: `body ${p.join('.')} = embedded NUL (own profile)`, url: urlFor(), body: text, headers: jsonHeaders, mustReject: !isValid(jsonSchema, parseOrUndefined(text)), onlyRole: 'throwaway' });
        }
      }
    }
  }

  // -- path parameters: the rest of the request is valid (path parameters are checked first), so only the parameter can be refused --
  for (const p of pathParams) {
    for (const [raw, label] of BAD_PATH_VALUES) {
      const body = baseText;
      add({ label: `path ${p.name} = ${label}`, url: urlFor({ [p.name]: raw }), body, headers: body ? jsonHeaders : stateHeaders, mustReject: true, rotate: true });
    }
  }

  // -- query parameters (with a body, one the schema refuses: an ignored query must not turn into a valid write) --
  const badBody = sendsBody && baseText !== undefined;
  const body = badBody ? { body: withExtraKey(baseText, '"unexpectedProperty":1'), headers: jsonHeaders } : { headers: stateHeaders };
  for (const q of queryParams) {
    const huge = 'x'.repeat(10_000); // a 100k URL would be refused by Node's 16 KB header limit before the app (431, no body)
    add({ label: `query ${q.name} repeated`, url: urlFor({}, `${q.name}=1&${q.name}=2`), ...body, mustReject: true });
    add({ label: `query ${q.name}[x] (bracket key)`, url: urlFor({}, `${q.name}[x]=1&${q.name}[__proto__][polluted]=yes`), ...body, mustReject: badBody });
    add({ label: `query ${q.name} = 10k chars`, url: urlFor({}, `${q.name}=${huge}`), ...body, mustReject: badBody || !isValid(q.schema, huge) });
    for (const [raw, label] of BAD_QUERY_VALUES) add({ label: `query ${q.name} = ${label}`, url: urlFor({}, `${q.name}=${raw}`), ...body, mustReject: badBody, rotate: true });
  }
  add({ label: 'query unknown and __proto__ keys', url: urlFor({}, 'unexpected=1&__proto__=x&constructor[prototype][polluted]=yes'), ...body, mustReject: badBody });
  add({ label: 'query 300 parameters', url: urlFor({}, Array.from({ length: 300 }, (_, i) => `p${i}=${i}`).join('&')), ...body, mustReject: badBody });

  if (isMultipart) probes.push(...multipartProbes(key, urlFor(), stateHeaders));
  if (!sendsBody && !isMultipart && probes.length === 0) throw new Error(`${key}: no probes`);
  return probes;
}

/** POST /api/images: multipart uploads that are broken in every way but the right one. */
function multipartProbes(op: string, url: string, stateHeaders: Record<string, string>): Probe[] {
  const part = (boundary: string, name: string, filename: string | null, type: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\n` +
    `${filename === null ? '' : `Content-Type: ${type}\r\n`}\r\n${content}\r\n`;
  const B = 'robustnessBoundary42';
  const mp = (boundary = B) => ({ ...stateHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` });
  const pngHeaderOnly = '\x89PNG\r\n\x1a\n\0\0\0\rIHDR';
  const cases: Array<[label: string, body: string | undefined, headers: Record<string, string>]> = [
    ['multipart with a broken boundary', `${part('otherBoundary', 'image', 'a.png', 'image/png', 'not really')}--otherBoundary--\r\n`, mp()],
    ['multipart truncated (no closing boundary)', `--${B}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc`, mp()],
    ['multipart without a boundary parameter', `${part(B, 'image', 'a.png', 'image/png', 'x')}--${B}--\r\n`, { ...stateHeaders, 'content-type': 'multipart/form-data' }],
    ['multipart with an empty boundary', `--\r\n\r\n----\r\n`, { ...stateHeaders, 'content-type': 'multipart/form-data; boundary=' }],
    ['multipart with a 200-char boundary', `${part('b'.repeat(200), 'image', 'a.png', 'image/png', 'x')}--${'b'.repeat(200)}--\r\n`, mp('b'.repeat(200))],
    ['multipart with garbage headers', `--${B}\r\nthis is not a header\r\n\r\nx\r\n--${B}--\r\n`, mp()],
    ['multipart with an empty body', '', mp()],
    ['multipart file in the wrong field', `${part(B, 'picture', 'a.png', 'image/png', 'x')}--${B}--\r\n`, mp()],
    ['multipart with no file, only a text field', `${part(B, 'image', null, '', 'just text')}--${B}--\r\n`, mp()],
    ['multipart with two files', `${part(B, 'image', 'a.png', 'image/png', 'x')}${part(B, 'image', 'b.png', 'image/png', 'y')}--${B}--\r\n`, mp()],
    ['multipart with too many parts', `${Array.from({ length: 8 }, (_, i) => part(B, `f${i}`, null, '', 'v')).join('')}--${B}--\r\n`, mp()],
    ['multipart text file named .png', `${part(B, 'image', 'photo.png', 'image/png', 'this is not an image')}--${B}--\r\n`, mp()],
    ['multipart truncated PNG', `${part(B, 'image', 'photo.png', 'image/png', pngHeaderOnly)}--${B}--\r\n`, mp()],
    ['multipart empty file', `${part(B, 'image', 'photo.png', 'image/png', '')}--${B}--\r\n`, mp()],
    ['multipart file name with ../ and NUL', `${part(B, 'image', '../../etc/passwd\0.png', 'image/png', 'x')}--${B}--\r\n`, mp()],
    ['multipart __proto__ field', `${part(B, '__proto__', null, '', 'x')}${part(B, 'image', 'a.png', 'image/png', 'x')}--${B}--\r\n`, mp()],
    ['JSON body instead of multipart', '{"image":"data:image/png;base64,AAAA"}', { ...stateHeaders, 'content-type': 'application/json' }],
    ['invalid JSON instead of multipart', '{"image":', { ...stateHeaders, 'content-type': 'application/json' }],
    ['no body', undefined, stateHeaders],
  ];
  return cases.map(([label, body, headers]) => ({
    op, method: 'POST', url, label, headers, mustReject: true, parserOnly: false, rotate: false,
    ...(body === undefined ? {} : { body: Buffer.from(body, 'latin1') }),
  }));
}

/** The roles that get past a route's authorization (for the routes above, only those that may receive every probe). */
function authorizedRoles(access: string, sensitive: boolean): Role[] {
  if (sensitive) return access === 'public' ? ['anonymous', 'throwaway'] : ['throwaway'];
  if (access === 'public') return ['anonymous', ...DEMO_ROLES];
  if (access === 'user') return [...DEMO_ROLES];
  return [access as Role];
}

// ---- sending and checking ----
async function runPool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await fn(item);
      }
    }),
  );
}

function checkAnswer(probe: Probe, status: number, contentType: string, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 200 && status < 300 && probe.mustReject) problems.push('accepted input the spec rejects');
  if (status < 400) return problems;
  if (!contentType.includes('application/json')) problems.push(`error with content-type "${contentType}", not JSON`);
  const body = parseOrUndefined(text) as { errors?: unknown } | undefined;
  const errors = body?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return [...problems, 'error body is not { errors: [...] }'];
  for (const e of errors as ErrorEntry[]) {
    if (e.status !== status) problems.push(`errors[].status ${String(e.status)} ≠ HTTP ${status}`);
    if (!isErrorCode(e.code)) problems.push(`errors[].code ${JSON.stringify(e.code)} is not in the error catalogue`);
    else if (ERROR_CATALOGUE[e.code].http !== status) problems.push(`code ${e.code} is HTTP ${ERROR_CATALOGUE[e.code].http} in the catalogue, answered ${status}`);
    if (typeof e.title !== 'string' || e.title === '') problems.push('errors[].title missing');
  }
  const first = errors[0] as ErrorEntry;
  if (probe.expectCode && first.code !== probe.expectCode) problems.push(`code ${String(first.code)}, expected ${probe.expectCode}`);
  return problems;
}

function report(violations: Violation[]): string {
  const groups = new Map<string, Violation[]>();
  for (const v of violations) {
    const k = `${v.op} → ${v.status}: ${v.problem}`;
    groups.set(k, [...(groups.get(k) ?? []), v]);
  }
  const lines = [`${violations.length} violations in ${groups.size} groups:`];
  for (const [k, vs] of groups) {
    const roles = [...new Set(vs.map((v) => v.role))].join(', ');
    lines.push(`\n■ ${k}  (×${vs.length}; roles: ${roles})`);
    for (const v of vs.slice(0, 4)) {
      lines.push(`   ${v.role} ${v.probe.method} ${short(v.probe.url, 120)}  [${v.probe.label}]  x-request-id=${v.requestId}`);
      if (v.probe.body !== undefined) lines.push(`     request body: ${short(typeof v.probe.body === 'string' ? v.probe.body : Buffer.from(v.probe.body).toString('latin1'))}`);
      lines.push(`     response: ${short(v.response, 400)}`);
    }
    if (vs.length > 4) lines.push(`   … and ${vs.length - 4} more: ${vs.slice(4, 12).map((v) => v.probe.label).join('; ')}`);
  }
  return lines.join('\n');
}

describeWithServices('API robustness: malformed input from the OpenAPI document', [pgliteService()], ({ beforeAll, afterAll, test }) => {
  let app: TestApp;
  let doc: OpenApiDocument;
  const sessions = new Map<Role, ApiSession>();
  const cookieHeaders = new Map<Role, string>();
  let supplierId = '';
  let targetListingId = '';
  let throwawayEmail = '';
  let before: Record<string, unknown> = {};
  const protoKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();

  async function login(email: string, password = PASSWORD): Promise<ApiSession> {
    const s = new ApiSession(app.url, { origin: app.url });
    const res = await s.post('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return s;
  }
  const session = (role: Role): ApiSession => {
    const s = sessions.get(role);
    if (!s) throw new Error(`no session for ${role}`);
    return s;
  };
  const cookieHeader = (s: ApiSession): string =>
    ['caskade_at', 'caskade_rt'].flatMap((n) => (s.cookie(n) ? [`${n}=${s.cookie(n) ?? ''}`] : [])).join('; ');

  /** What the demo users see; the barrage must leave all of it as it was. */
  async function snapshot(): Promise<Record<string, unknown>> {
    const total = async (role: Role, url: string) => {
      const res = await session(role).get<Page>(url);
      if (res.status !== 200) throw new Error(`${role} GET ${url}: ${res.status}`);
      return res.body.data.pagination.totalItems;
    };
    const states = ['draft', 'pendingApproval', 'published', 'closed'];
    const out: Record<string, unknown> = {
      publicSearchTotal: await total('anonymous', '/api/listings?perPage=1'),
      supplierOwnTotal: await total('supplier', '/api/own-listings?perPage=1'),
    };
    for (const state of states) {
      out[`supplierOwn.${state}`] = await total('supplier', `/api/own-listings?perPage=1&state=${state}`);
      // Drafts are their owner's alone: the operator cannot list them.
      if (state !== 'draft') out[`operatorListings.${state}`] = await total('operator', `/api/operator/listings?perPage=1&state=${state}`);
    }
    out.brands = (await session('anonymous').get('/api/brands')).body;
    out.supplierPublicProfile = (await session('anonymous').get(`/api/users/${supplierId}`)).body;
    out.targetListing = (await session('supplier').get(`/api/own-listings/${targetListingId}`)).body;
    for (const role of DEMO_ROLES) {
      out[`currentUser.${role}`] = (await session(role).get('/api/current-user')).body;
      const mail = await session('operator').get<{ data: Array<{ id: string }> }>(`/api/operator/mailbox?limit=200&to=${role}%40example.com`);
      out[`mailbox.${role}`] = mail.body.data.map((m) => m.id);
    }
    return out;
  }

  beforeAll(async () => {
    // Rate limits scaled far up: every malformed request must reach the route's own checks, not a 429.
    app = await startApp({ rateLimitScale: 1000 });
    sessions.set('anonymous', new ApiSession(app.url, { origin: app.url }));
    sessions.set('buyer', await login('buyer@example.com'));
    sessions.set('supplier', await login('supplier@example.com'));
    sessions.set('operator', await login('operator@example.com'));
    throwawayEmail = `robustness-${Date.now()}@example.com`;
    const throwaway = new ApiSession(app.url, { origin: app.url });
    const signup = await throwaway.post('/api/auth/sign-up', {
      userType: 'buyer', email: throwawayEmail, password: 'correct horse battery', passwordConfirm: 'correct horse battery', firstName: 'Tess',
      lastName: 'Throwaway', companyName: 'Throwaway Bottle Shop', abnAcn: '51 824 753 556', phoneNumber: '0412 345 678', agreeTermsAndConditions: true,
    });
    if (signup.status !== 201) throw new Error(`throwaway sign-up: ${signup.status} ${JSON.stringify(signup.body)}`);
    sessions.set('throwaway', throwaway);
    // Fixed cookie headers: an answer that clears or rotates cookies (logout, refresh) must not log a role out for the rest of the run.
    for (const [role, s] of sessions) cookieHeaders.set(role, cookieHeader(s));

    supplierId = (await session('supplier').get<{ data: { id: string } }>('/api/current-user')).body.data.id;
    const own = await session('supplier').get<Page>('/api/own-listings?perPage=1');
    targetListingId = own.body.data.listings[0]?.id ?? '';
    if (!targetListingId) throw new Error('the demo supplier has no listings');
    const res = await fetch(`${app.url}/api/openapi.json`);
    doc = (await res.json()) as OpenApiDocument;
    before = await snapshot();
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  });

  test('every integer a catalog operation accepts fits the int32 proto field it crosses', () => {
    // An integer beyond int32 makes the gRPC encoder throw (INTERNAL, a 500): each must be bounded.
    const INT32_MAX = 2_147_483_647;
    const catalogPath = /^\/api\/(own-listings|listings|operator\/listings|own-brand|brands|images)(\/|$)/;
    const unbounded: string[] = [];
    const visit = (where: string, schema: JsonSchema | undefined): void => {
      if (!schema) return;
      const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
      if (types.includes('integer')) {
        const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
        if (max === undefined || max > INT32_MAX || min === undefined || min < -INT32_MAX - 1) unbounded.push(`${where} [${min ?? '-∞'}, ${max ?? '∞'}]`);
      }
      for (const [name, sub] of Object.entries(schema.properties ?? {})) visit(`${where}.${name}`, sub);
      visit(`${where}[]`, schema.items);
      for (const sub of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) visit(where, sub);
    };
    let integers = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!catalogPath.test(path)) continue;
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        for (const p of op.parameters ?? []) visit(`${key} ${p.in} ${p.name}`, p.schema);
        for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) visit(`${key} body(${type})`, content.schema);
      }
    }
    JSON.stringify(doc.paths, (k, v: unknown) => (k === 'type' && (v === 'integer' || (Array.isArray(v) && v.includes('integer'))) ? (integers++, v) : v));
    expect(integers).toBeGreaterThan(5);
    expect(unbounded).toEqual([]);
  });

  test('every operation answers malformed input with a catalogue 4xx, never a 5xx', async () => {
    const started = Date.now();
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(ops.length).toBeGreaterThanOrEqual(35);

    const ctx: OpContext = { appUrl: app.url, targetListingId };
    const jobs: Array<{ role: Role; probe: Probe }> = [];
    const perOp = new Map<string, { probes: number; requests: number; access: string }>();
    for (const { path, method, op } of ops) {
      const probes = probesFor(path, method, op, ctx);
      const key = `${method.toUpperCase()} ${path}`;
      // Logout, refresh, delete-account and send-verification-email act on the caller's session or
      // mailbox whatever the body says. The demo users get only what the JSON parser refuses before
      // any route runs; everything else goes to these routes from a throwaway user and anonymously.
      const sensitive = SESSION_SENSITIVE.has(key);
      const roles: Role[] = sensitive ? ['anonymous', 'throwaway', ...DEMO_ROLES] : ['anonymous', ...DEMO_ROLES];
      const mayReceive = (role: Role, probe: Probe) => !sensitive || role === 'anonymous' || role === 'throwaway' || probe.parserOnly;
      const allowed = authorizedRoles(op['x-access'] ?? 'public', sensitive);
      let requests = 0;
      let turn = 0;
      for (const probe of probes) {
        const targets = probe.onlyRole ? [probe.onlyRole] : probe.rotate ? [allowed[turn++ % allowed.length] as Role] : roles.filter((role) => mayReceive(role, probe));
        for (const role of targets) jobs.push({ role, probe });
        requests += targets.length;
      }
      perOp.set(key, { probes: probes.length, requests, access: op['x-access'] ?? '?' });
    }
    // Unknown API paths and methods answer the same error shape.
    for (const [method, url] of [['GET', '/api/no-such-thing'], ['POST', '/api/no-such-thing'], ['DELETE', '/api/listings'], ['PATCH', '/api/current-user/profile']] as const) {
      for (const role of ['anonymous', ...DEMO_ROLES] as Role[]) {
        jobs.push({ role, probe: { op: `${method} ${url}`, method, url, label: 'unknown route', headers: method === 'GET' ? {} : { origin: app.url }, mustReject: true, parserOnly: false, rotate: false } });
      }
    }

    const violations: Violation[] = [];
    const statusCounts = new Map<string, Map<number, number>>();
    await runPool(jobs, CONCURRENCY, async ({ role, probe }) => {
      const headers: Record<string, string> = { ...probe.headers };
      const cookie = cookieHeaders.get(role);
      if (cookie) headers.cookie = cookie;
      let status: number | 'no answer' = 'no answer';
      let text = '';
      let requestId = '';
      let problems: string[];
      try {
        const res = await fetch(`${app.url}${probe.url}`, {
          method: probe.method, headers, body: probe.body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = res.status;
        requestId = res.headers.get('x-request-id') ?? '';
        text = await res.text();
        problems = checkAnswer(probe, res.status, res.headers.get('content-type') ?? '', text);
        const counts = statusCounts.get(`${probe.op} ${role}`) ?? new Map<number, number>();
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        statusCounts.set(`${probe.op} ${role}`, counts);
      } catch (err) {
        problems = [`no answer: ${err instanceof Error ? `${err.name}: ${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ''}` : String(err)}`];
      }
      for (const problem of problems) violations.push({ op: probe.op, role, probe, status, problem, response: text, requestId });
    });

    // Coverage: the probes got past authentication and rate limits to each route's own checks.
    const notReached: string[] = [];
    for (const [key, info] of perOp) {
      const roles = authorizedRoles(info.access, SESSION_SENSITIVE.has(key));
      const reached = roles.some((role) => [...(statusCounts.get(`${key} ${role}`)?.keys() ?? [])].some((s) => s !== 401 && s !== 403 && s !== 429));
      if (!reached) notReached.push(key);
    }
    const limited = [...statusCounts.entries()].filter(([, counts]) => counts.has(429)).map(([k]) => k);

    const requests = jobs.length;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `API robustness: ${perOp.size} operations, ${[...perOp.values()].reduce((n, i) => n + i.probes, 0)} malformed inputs, ${requests} requests in ${seconds} s\n` +
        [...perOp].map(([k, i]) => `  ${k.padEnd(48)} ${String(i.probes).padStart(4)} inputs, ${String(i.requests).padStart(5)} requests (${i.access})`).join('\n') +
        (limited.length ? `\n  429 (allowed, < 500) for: ${limited.join(', ')}` : ''),
    );
    expect(notReached).toEqual([]);
    if (violations.length > 0) throw new Error(report(violations));
  }, 300_000);

  test('the barrage changed nothing: same listings, brands, users and mail, and no polluted prototypes', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeysBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  test('the demo users and the throwaway user can still log in', async () => {
    for (const role of DEMO_ROLES) await login(`${role}@example.com`);
    await login(throwawayEmail, 'correct horse battery');
  }, 60_000);
});
