/**
 * Ed25519 keys for the tokens Caskade signs (docs/decisions/053): identity's access-token keys and
 * every workload's service-credential key. Keys travel as JSON Web Keys — a private JWK (with `d`)
 * for the one that signs, a JWK Set of public keys for those that verify — each with a `kid`.
 */
import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';

/** The one algorithm tokens are signed and verified with; every other `alg` (`none` included) is refused. */
export const TOKEN_ALG = 'EdDSA';

/** A key id: letters, digits and `._:-`, 1–100 characters (a service key's id starts with `<workload>.`). */
const KID = /^[\w.:-]{1,100}$/;

export interface SigningKey {
  kid: string;
  /** The private key (Ed25519). */
  key: KeyObject;
}

/** Public keys by key id: what a verifier trusts. Removing a key stops every token it signed. */
export type PublicKeys = ReadonlyMap<string, KeyObject>;

export interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  kid: string;
  alg: typeof TOKEN_ALG;
  use: 'sig';
  x: string;
  d?: string;
}

/** PKCS#8 (RFC 8410) for an Ed25519 private key, up to its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A new Ed25519 key pair as JWKs: the private one (to a signer's secret) and its public half (to every verifier). */
export function generateSigningJwk(kid: string): { privateJwk: Ed25519Jwk; publicJwk: Ed25519Jwk } {
  if (!KID.test(kid)) throw new Error(`bad key id ${JSON.stringify(kid)}: letters, digits and ._:- only`);
  // From 32 random bytes (an Ed25519 private key is its seed), not generateKeyPairSync: on Node 20
  // a garbage-collected key-generation job can deadlock a later JWK export of its key (its
  // destructor waits on the key's lock, held by the export that triggered the collection). That
  // froze a test process for good in CI (gdb: KeyGenJob::~KeyGenJob under KeyObjectHandle::ExportJWK).
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, randomBytes(32)]), format: 'der', type: 'pkcs8' });
  const jwk = privateKey.export({ format: 'jwk' });
  const base = { kty: 'OKP', crv: 'Ed25519', kid, alg: TOKEN_ALG, use: 'sig', x: String(jwk.x) } as const;
  return { privateJwk: { ...base, d: String(jwk.d) }, publicJwk: base };
}

/** A fresh signing key held only in memory (the embedded mode's service keys, tests). */
export function generateSigningKey(kid: string): { signing: SigningKey; publicJwk: Ed25519Jwk } {
  const { privateJwk, publicJwk } = generateSigningJwk(kid);
  return { signing: signingKeyFromJwk(privateJwk), publicJwk };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkJwk(value: unknown, what: string): Record<string, unknown> & { kid: string } {
  if (!isObject(value)) throw new Error(`${what} must be a JSON Web Key object`);
  if (value.kty !== 'OKP' || value.crv !== 'Ed25519') throw new Error(`${what} must be an Ed25519 key (kty OKP, crv Ed25519)`);
  if (value.alg !== undefined && value.alg !== TOKEN_ALG) throw new Error(`${what} must be for alg ${TOKEN_ALG}`);
  if (typeof value.kid !== 'string' || !KID.test(value.kid)) throw new Error(`${what} needs a kid (letters, digits and ._:-)`);
  if (typeof value.x !== 'string') throw new Error(`${what} has no public key (x)`);
  return value as Record<string, unknown> & { kid: string };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${what} is not valid JSON`);
  }
}

/** The signing key a private JWK (object or JSON text) holds; its public half must match `x`. */
export function signingKeyFromJwk(input: unknown, what = 'the signing key'): SigningKey {
  const jwk = checkJwk(typeof input === 'string' ? parseJson(input, what) : input, what);
  if (typeof jwk.d !== 'string') throw new Error(`${what} is a public key: a private JWK (with d) is needed to sign`);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string, d: jwk.d }, format: 'jwk' });
  } catch {
    throw new Error(`${what} is not a usable Ed25519 private key`);
  }
  if (createPublicKey(key).export({ format: 'jwk' }).x !== jwk.x) throw new Error(`${what}: its x does not belong to its d`);
  return { kid: jwk.kid, key };
}

/** The public keys of a JWK Set (`{"keys":[…]}`, object or JSON text). Private keys are refused: a verifier never holds one. */
export function publicKeysFromJwks(input: unknown, what = 'the public key set'): Map<string, KeyObject> {
  const set = typeof input === 'string' ? parseJson(input, what) : input;
  if (!isObject(set) || !Array.isArray(set.keys) || set.keys.length === 0) throw new Error(`${what} must be a JWK Set: {"keys":[…]} with at least one key`);
  const keys = new Map<string, KeyObject>();
  for (const [i, entry] of (set.keys as unknown[]).entries()) {
    const jwk = checkJwk(entry, `${what}, key ${i + 1}`);
    if (jwk.d !== undefined) throw new Error(`${what}, key ${jwk.kid}, holds a private key: give verifiers the public half only`);
    if (keys.has(jwk.kid)) throw new Error(`${what} has the key id ${jwk.kid} twice`);
    try {
      keys.set(jwk.kid, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string }, format: 'jwk' }));
    } catch {
      throw new Error(`${what}, key ${jwk.kid}, is not a usable Ed25519 public key`);
    }
  }
  return keys;
}

/** A JWK Set of public JWKs, as JSON: what goes into ACCESS_TOKEN_PUBLIC_KEYS / SERVICE_PUBLIC_KEYS. */
export const jwksJson = (keys: Ed25519Jwk[]): string => JSON.stringify({ keys: keys.map(({ d: _d, ...pub }) => pub) });

/** Every key of a cluster, as the text of its environment variables / Secret values (ADR 053). */
export interface ClusterKeys {
  /** JWK Set: the access-token public key(s): every workload. */
  accessPublicKeys: string;
  /** Private JWK: identity only. */
  accessSigningKey: string;
  /** JWK Set: every workload's service public key: every workload. */
  servicePublicKeys: string;
  /** Private JWK per workload: each its own only. */
  serviceSigningKeys: Record<string, string>;
}

/** New keys for `workloads` (the services and the gateway); `suffix` names this generation in the kids. */
export function generateClusterKeys(workloads: readonly string[], suffix: string = new Date().toISOString().slice(0, 10)): ClusterKeys {
  const access = generateSigningJwk(`access.${suffix}`);
  const services = workloads.map((w) => [w, generateSigningJwk(`${w}.${suffix}`)] as const);
  return {
    accessPublicKeys: jwksJson([access.publicJwk]),
    accessSigningKey: JSON.stringify(access.privateJwk),
    servicePublicKeys: jwksJson(services.map(([, p]) => p.publicJwk)),
    serviceSigningKeys: Object.fromEntries(services.map(([w, p]) => [w, JSON.stringify(p.privateJwk)])),
  };
}

/** The key environment of one workload: the public sets, its own service key, and identity's access-token key for identity. */
export function clusterKeyEnv(keys: ClusterKeys, workload: string): Record<string, string> {
  const own = keys.serviceSigningKeys[workload];
  if (!own) throw new Error(`no service key was generated for ${workload}`);
  return {
    ACCESS_TOKEN_PUBLIC_KEYS: keys.accessPublicKeys,
    SERVICE_PUBLIC_KEYS: keys.servicePublicKeys,
    SERVICE_SIGNING_KEY: own,
    ...(workload === 'identity' ? { ACCESS_TOKEN_SIGNING_KEY: keys.accessSigningKey } : {}),
  };
}
