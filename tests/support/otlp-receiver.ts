/**
 * A tiny OTLP/HTTP trace receiver for tests: accepts `POST /v1/traces` in the protobuf encoding
 * the services export (http/protobuf) and keeps every span. The protobuf wire format is read by
 * hand (varints and length-delimited fields): only the fields the tests look at are decoded —
 * trace and span ids, parent, name, kind, string/int/bool attributes and the resource's service.name.
 */
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  service: string;
  attributes: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT should be. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Export requests received (each a batch). */
  requests: number;
  close(): Promise<void>;
}

interface Field {
  no: number;
  wire: number;
  int: bigint;
  bytes: Buffer;
}

function varint(buf: Buffer, at: number): [bigint, number] {
  let result = 0n;
  let shift = 0n;
  for (let i = at; i < buf.length; i++) {
    const b = buf[i] as number;
    result |= BigInt(b & 0x7f) << shift;
    if ((b & 0x80) === 0) return [result, i + 1];
    shift += 7n;
  }
  throw new Error('truncated varint');
}

function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let i = 0;
  while (i < buf.length) {
    const [key, next] = varint(buf, i);
    i = next;
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    const empty = Buffer.alloc(0);
    if (wire === 0) {
      const [v, n] = varint(buf, i);
      i = n;
      out.push({ no, wire, int: v, bytes: empty });
    } else if (wire === 2) {
      const [len, n] = varint(buf, i);
      const end = n + Number(len);
      out.push({ no, wire, int: 0n, bytes: buf.subarray(n, end) });
      i = end;
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      out.push({ no, wire, int: 0n, bytes: buf.subarray(i, i + size) });
      i += size;
    } else {
      throw new Error(`unsupported protobuf wire type ${wire}`);
    }
  }
  return out;
}

/** KeyValue { key = 1; AnyValue value = 2 } with AnyValue { string = 1; bool = 2; int = 3; double = 4 }. */
function keyValue(buf: Buffer): [string, string | number | boolean] | null {
  let key = '';
  let value: string | number | boolean | null = null;
  for (const f of fields(buf)) {
    if (f.no === 1) key = f.bytes.toString('utf8');
    if (f.no === 2) {
      for (const v of fields(f.bytes)) {
        if (v.no === 1) value = v.bytes.toString('utf8');
        else if (v.no === 2) value = v.int !== 0n;
        else if (v.no === 3) value = Number(BigInt.asIntN(64, v.int));
        else if (v.no === 4) value = v.bytes.readDoubleLE(0);
      }
    }
  }
  return value === null ? null : [key, value];
}

function attributesOf(list: Field[]): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const f of list) {
    const kv = keyValue(f.bytes);
    if (kv) out[kv[0]] = kv[1];
  }
  return out;
}

/** ExportTraceServiceRequest { repeated ResourceSpans = 1 } → ResourceSpans { Resource = 1; repeated ScopeSpans = 2 } → ScopeSpans { scope = 1; repeated Span = 2 }. */
export function decodeTraceRequest(body: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const rs of fields(body).filter((f) => f.no === 1)) {
    const parts = fields(rs.bytes);
    const resource = parts.find((f) => f.no === 1);
    const resourceAttrs = resource ? attributesOf(fields(resource.bytes).filter((f) => f.no === 1)) : {};
    const service = String(resourceAttrs['service.name'] ?? '');
    for (const ss of parts.filter((f) => f.no === 2)) {
      for (const sp of fields(ss.bytes).filter((f) => f.no === 2)) {
        const s = fields(sp.bytes);
        const bytes = (no: number) => s.find((f) => f.no === no)?.bytes.toString('hex') ?? '';
        spans.push({
          traceId: bytes(1),
          spanId: bytes(2),
          parentSpanId: bytes(4),
          name: s.find((f) => f.no === 5)?.bytes.toString('utf8') ?? '',
          kind: Number(s.find((f) => f.no === 6)?.int ?? 0n),
          service,
          attributes: attributesOf(s.filter((f) => f.no === 9)),
        });
      }
    }
  }
  return spans;
}

/** The span and its ancestors, root first; throws when a parent has not been received (yet). */
export function ancestry(spans: ReceivedSpan[], leaf: ReceivedSpan): ReceivedSpan[] {
  const out = [leaf];
  for (let s = leaf; s.parentSpanId; ) {
    const parent = spans.find((p) => p.traceId === s.traceId && p.spanId === s.parentSpanId);
    if (!parent) throw new Error(`parent ${s.parentSpanId} of "${s.name}" was not received`);
    out.unshift(parent);
    s = parent;
  }
  return out;
}

/** Wait for `find` to return something, polling every 100 ms. */
export async function eventually<T>(what: string, find: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`${what} not seen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Listen on a free loopback port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver: OtlpReceiver = { endpoint: '', spans: [], requests: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || req.headers['content-type'] !== 'application/x-protobuf') {
        res.writeHead(415).end();
        return;
      }
      try {
        const raw = Buffer.concat(chunks);
        receiver.spans.push(...decodeTraceRequest(req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw));
        receiver.requests++;
        // An empty ExportTraceServiceResponse: everything accepted.
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('receiver has no port');
  receiver.endpoint = `http://127.0.0.1:${address.port}`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
