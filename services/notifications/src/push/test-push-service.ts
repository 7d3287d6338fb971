/**
 * Tests only: a browser's side of Web Push, with node:crypto and nothing else. A subscription's
 * keys (a P-256 pair and a 16-byte auth secret, as a browser makes them) and a local HTTP server
 * acting as the push service: it checks each request's VAPID JWT (RFC 8292), decrypts its
 * aes128gcm body (RFC 8188 and RFC 8291) with the subscription's private key, and answers the
 * status the test chooses.
 */
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionKeys } from '../db/pushes';

export interface ReceivedPush {
  /** The decrypted payload. */
  text: string;
  headers: IncomingMessage['headers'];
  /** The VAPID JWT's claims, once its ES256 signature checked out against the k= key. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  /** What the service answered. */
  status: number;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

function p256PublicKey(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: 'jwk' });
}

/** RFC 8291 section 3.4 and RFC 8188 section 2: one record, padded with a 0x02 delimiter then zeros. */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

function checkVapid(header: string | undefined, endpoint: URL): ReceivedPush['vapid'] {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m?.[1] || !m[2]) throw new Error(`no VAPID authorization: ${header ?? ''}`);
  const [h, p, s] = m[1].split('.') as [string, string, string];
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key: p256PublicKey(Buffer.from(m[2], 'base64url')), dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (claims.aud !== endpoint.origin) throw new Error(`VAPID aud ${claims.aud} is not ${endpoint.origin}`);
  return { ...claims, publicKey: m[2] };
}

export interface TestPushService {
  /** A new browser subscription on this push service (its own keys). */
  subscribe(): PushSubscriptionKeys;
  /** Pushes received so far (whatever was answered), by endpoint, decrypted with that subscription's keys. */
  received(endpoint: string): ReceivedPush[];
  /** Requests that failed a check (bad VAPID, undecryptable body). */
  rejected: string[];
  /** The status to answer requests to this endpoint with (201 unless told). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

export async function startTestPushService(): Promise<TestPushService> {
  const subs = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number; got: ReceivedPush[] }>();
  const rejected: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      const sub = subs.get(endpoint.href);
      if (!sub) return void res.writeHead(404).end();
      try {
        if (req.method !== 'POST' || req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`${req.method ?? ''} ${String(req.headers['content-encoding'])}`);
        const vapid = checkVapid(req.headers.authorization, endpoint);
        const text = decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth);
        sub.got.push({ text, headers: req.headers, vapid, status: sub.status });
        res.writeHead(sub.status).end();
      } catch (err) {
        rejected.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${b64url(randomBytes(12))}`;
      subs.set(endpoint, { ecdh, auth, status: 201, got: [] });
      return { endpoint, p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) };
    },
    received: (endpoint) => subs.get(endpoint)?.got ?? [],
    rejected,
    answer(endpoint, status) {
      const sub = subs.get(endpoint);
      if (sub) sub.status = status;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
