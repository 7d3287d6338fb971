/**
 * Trust inside the cluster (ADR 053): a real gRPC server wrapped by the kit, called over loopback
 * with forged metadata, with and without valid credentials.
 */
import { Client, credentials, Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { SignJWT } from 'jose';
import { identity } from '@caskade/proto';
import { createLogger } from '../logger';
import { configureTrust, trustFromEnv } from '../auth/trust';
import { signAccessToken } from '../auth/jwt';
import { generateSigningJwk, generateSigningKey, jwksJson, signingKeyFromJwk } from '../auth/keys';
import { ServiceSigner } from '../auth/service-token';
import type { CallerGuard } from '../auth/revocation';
import type { CallContext } from '../context';
import { createClient } from './client';
import { guardBinding, startGrpcServer, unaryService, type GrpcServerHandle } from './server';

// The keys of a cluster: identity's access-token key, and a service key for each workload.
const access = generateSigningJwk('access-1');
const serviceJwks = Object.fromEntries(['identity', 'orders', 'catalog', 'gateway'].map((name) => [name, generateSigningJwk(`${name}.k1`)]));
const jwk = (name: string) => {
  const pair = serviceJwks[name];
  if (!pair) throw new Error(name);
  return pair;
};
// This process runs identity, as a service's main would configure it from its Secrets.
const trust = trustFromEnv('identity', {
  ACCESS_TOKEN_PUBLIC_KEYS: jwksJson([access.publicJwk]),
  ACCESS_TOKEN_SIGNING_KEY: JSON.stringify(access.privateJwk),
  SERVICE_PUBLIC_KEYS: jwksJson(Object.values(serviceJwks).map((p) => p.publicJwk)),
  SERVICE_SIGNING_KEY: JSON.stringify(jwk('identity').privateJwk),
}, { signsAccessTokens: true });
configureTrust(trust);
/** What another workload's process signs with (its own key only). */
const signerOf = (name: string) => new ServiceSigner(name, signingKeyFromJwk(jwk(name).privateJwk));
const logger = createLogger('credentials-test', 'silent');
const seen: CallContext[] = [];
const passAll: CallerGuard = { check: () => Promise.resolve(), statusOf: () => Promise.resolve('active'), forget: () => {}, heard: () => {}, listening: () => {} };

let server: GrpcServerHandle;
let raw: Client;

beforeAll(async () => {
  const implementation = unaryService<identity.IdentityServiceServer>(
    {
      getCurrentUser: async (_req: unknown, ctx: CallContext) => {
        seen.push(ctx);
        return { user: identity.User.fromPartial({ id: ctx.caller?.userId ?? `service:${ctx.service ?? '?'}`, role: ctx.caller?.role ?? '' }) };
      },
    } as unknown as Parameters<typeof unaryService<identity.IdentityServiceServer>>[0],
    logger,
  );
  const binding = guardBinding({ name: 'caskade.identity.v1.IdentityService', definition: identity.IdentityServiceService, implementation }, passAll, logger, trust);
  server = await startGrpcServer([binding], 0);
  server.setServing(true);
  raw = new Client(server.address, credentials.createInsecure());
});

afterAll(async () => {
  raw.close();
  await server.shutdown(0);
});

beforeEach(() => {
  seen.length = 0;
});

/** One GetCurrentUser with exactly this metadata, as anything that reaches the port could send it. */
function rawCall(entries: Record<string, string>): Promise<{ code: number; user?: identity.User | undefined }> {
  const md = new Metadata();
  for (const [k, v] of Object.entries(entries)) md.set(k, v);
  const method = identity.IdentityServiceService.getCurrentUser;
  return new Promise((resolve) => {
    raw.makeUnaryRequest(method.path, method.requestSerialize, method.responseDeserialize, {}, md, { deadline: Date.now() + 5000 }, (err: ServiceError | null, res?: identity.GetCurrentUserResponse) =>
      resolve(err ? { code: err.code } : { code: status.OK, user: res?.user }),
    );
  });
}

const forgedOperator = { 'x-user-id': 'victim-1', 'x-user-role': 'operator', 'x-user-scopes': 'admin', 'x-session-version': '99' };

describe('the kit server wrapper verifies credentials before any handler runs', () => {
  test('forged user metadata without a credential is refused: UNAUTHENTICATED, the handler never runs', async () => {
    expect((await rawCall(forgedOperator)).code).toBe(status.UNAUTHENTICATED);
    expect((await rawCall({})).code).toBe(status.UNAUTHENTICATED);
    expect((await rawCall({ ...forgedOperator, 'x-service-token': 'not-a-token' })).code).toBe(status.UNAUTHENTICATED);
    expect(seen).toEqual([]);
  });

  test('with a valid service credential, forged user metadata is ignored: the call is the service’s, no user', async () => {
    const token = await signerOf('orders').token();
    const out = await rawCall({ ...forgedOperator, 'x-service-token': token });
    expect(out).toMatchObject({ code: status.OK, user: { id: 'service:orders' } });
    expect(seen[0]).toMatchObject({ caller: null, service: 'orders' });
  });

  test('a service credential signed by an unknown key, or naming another workload than its key’s, is refused', async () => {
    const outsider = generateSigningKey('orders.stolen');
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: 'caskade-service', aud: 'caskade-grpc', iat: now, exp: now + 60 };
    const unknownKey = await new SignJWT({ ...claims, sub: 'orders' }).setProtectedHeader({ alg: 'EdDSA', kid: 'orders.stolen' }).sign(outsider.signing.key);
    expect((await rawCall({ 'x-service-token': unknownKey })).code).toBe(status.UNAUTHENTICATED);
    // catalog's real key, claiming to be orders.
    const catalogKey = signingKeyFromJwk(jwk('catalog').privateJwk);
    const impersonation = await new SignJWT({ ...claims, sub: 'orders' }).setProtectedHeader({ alg: 'EdDSA', kid: catalogKey.kid }).sign(catalogKey.key);
    expect((await rawCall({ 'x-service-token': impersonation })).code).toBe(status.UNAUTHENTICATED);
    // An access-token key is not a service key.
    const accessSigned = await new SignJWT({ ...claims, sub: 'orders' }).setProtectedHeader({ alg: 'EdDSA', kid: trust.accessSigningKey?.kid ?? '' }).sign(trust.accessSigningKey?.key ?? outsider.signing.key);
    expect((await rawCall({ 'x-service-token': accessSigned })).code).toBe(status.UNAUTHENTICATED);
    expect(seen).toEqual([]);
  });

  test('the user comes from a verified access token; a bad one is refused, not downgraded to no user', async () => {
    const service = await signerOf('gateway').token();
    const key = trust.accessSigningKey;
    if (!key) throw new Error('development trust signs access tokens');
    const { token } = await signAccessToken({ sub: 'buyer-7', role: 'buyer', scopes: [], sessionVersion: 2 }, key);
    expect(await rawCall({ ...forgedOperator, 'x-service-token': service, authorization: `Bearer ${token}` })).toMatchObject({ code: status.OK, user: { id: 'buyer-7', role: 'buyer' } });
    expect(seen[0]).toMatchObject({ caller: { userId: 'buyer-7', role: 'buyer', sessionVersion: 2 }, accessToken: token, service: 'gateway' });
    const forger = generateSigningKey(key.kid);
    const { token: forged } = await signAccessToken({ sub: 'victim-1', role: 'operator', scopes: [], sessionVersion: 0 }, forger.signing);
    expect((await rawCall({ 'x-service-token': service, authorization: `Bearer ${forged}` })).code).toBe(status.UNAUTHENTICATED);
    expect((await rawCall({ 'x-service-token': service, authorization: 'Bearer garbage' })).code).toBe(status.UNAUTHENTICATED);
    expect((await rawCall({ 'x-service-token': service, authorization: `Basic ${token}` })).code).toBe(status.UNAUTHENTICATED);
    expect((await rawCall({ authorization: `Bearer ${token}` })).code).toBe(status.UNAUTHENTICATED); // a user token alone is not a service credential
    expect(seen).toHaveLength(1);
  });

  test('a service may act for a user (act claim); the gateway may not', async () => {
    const act = { userId: 'buyer-9', role: 'buyer' as const, scopes: [] };
    expect(await rawCall({ 'x-service-token': await signerOf('orders').token(act) })).toMatchObject({ code: status.OK, user: { id: 'buyer-9' } });
    expect((await rawCall({ 'x-service-token': await signerOf('gateway').token(act) })).code).toBe(status.UNAUTHENTICATED);
  });

  test('the kit client sends the workload credential and the user token: a ctx caller without a token travels as act', async () => {
    // This process's own workload (identity) calling: createClient signs with the configured key.
    const client = createClient(identity.IdentityServiceService, server.address, { as: 'identity' });
    try {
      expect((await client.getCurrentUser({}, { requestId: 'r1', caller: null })).user?.id).toBe('service:identity');
      expect((await client.getCurrentUser({}, { requestId: 'r2', caller: { userId: 'buyer-3', role: 'buyer', scopes: [] } })).user?.id).toBe('buyer-3');
      const key = trust.accessSigningKey;
      if (!key) throw new Error('development trust signs access tokens');
      const { token } = await signAccessToken({ sub: 'supplier-4', role: 'supplier', scopes: [], sessionVersion: 0 }, key);
      // The token wins over whatever caller the context names: the service verifies the token.
      expect((await client.getCurrentUser({}, { requestId: 'r3', caller: { userId: 'victim-1', role: 'operator', scopes: [] }, accessToken: token })).user?.id).toBe('supplier-4');
    } finally {
      client.close();
    }
    // A process holds no other workload's key.
    expect(() => createClient(identity.IdentityServiceService, server.address, { as: 'gateway' })).toThrow(/no service key for gateway/);
  });
});
