import { Client, credentials, Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { generateClusterKeys, ServiceSigner, signingKeyFromJwk } from '@caskade/kit';
import { identity } from '@caskade/proto';
import { linkParam, waitForMail, type Mail } from '../support/accounts';
import { ApiSession } from '../support/http';
import { useDistributedApp } from '../support/distributed';
import { ancestry, eventually, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';

const OPERATOR = { email: 'operator@example.com', password: 'Operator-pass-2026' };

const signupBody = (email: string) => ({
  userType: 'supplier',
  email,
  password: 'correct horse battery',
  passwordConfirm: 'correct horse battery',
  firstName: 'Dana',
  lastName: 'Distiller',
  favouriteDrink: 'Gin',
  abnAcn: '53 004 085 616',
  phoneNumber: '0412345678',
  companyName: `Distant Spirits ${email}`,
  brandName: `Distant Spirits ${email.split('@')[0]}`,
  businessName: `Distant Spirits Pty Ltd ${email.split('@')[0]}`,
  legalEntityName: 'Distant Spirits Holdings',
  address: '9 Still Road, Hobart TAS 7000',
  contactNumber: '0362000000',
  agreeTermsAndConditions: true,
});

// Traces across processes (ADR 054): the gateway, identity and notifications export OTLP to a receiver
// in this test. Registered before the fixture's hooks, so the endpoint is known when the processes start.
let receiver: OtlpReceiver | undefined;
const otelEnv: Record<string, string> = {};
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  Object.assign(otelEnv, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' });
});
afterAll(async () => {
  await receiver?.close();
});

const fixture = useDistributedApp('distributed accounts suite', { operator: OPERATOR, serviceEnv: { gateway: otelEnv, identity: otelEnv, notifications: otelEnv } });

const mail = (url: string, to: string, kind: string, timeoutMs = 20_000) => waitForMail(url, to, kind, { operator: OPERATOR, timeoutMs });
const token = (text: string) => linkParam(text, 'token');

describe('distributed: one process per service on PostgreSQL, NATS JetStream and Redis', () => {
  fixture.test('runs every service as its own process', async (app) => {
    expect([...app.processes.keys()]).toEqual(expect.arrayContaining(['identity', 'notifications', 'gateway']));
    const pids = new Set([...app.processes.values()].map((p) => p.pid));
    expect(pids.size).toBe(app.processes.size);
  });

  fixture.test('signs up, verifies through the mailbox, logs in and out through the gateway', async (app) => {
    const s = new ApiSession(app.url);
    const signup = await s.post<{ data: { id: string; emailVerified: boolean } }>('/api/auth/sign-up', signupBody('dana@example.com'));
    expect(signup.status).toBe(201);
    expect(signup.body.data.emailVerified).toBe(false);
    const verification = await mail(app.url, 'dana@example.com', 'verify-email');
    const verified = await new ApiSession(app.url).post<{ data: { emailVerified: boolean } }>('/api/auth/verify-email', { token: token(verification.text) });
    expect(verified.status).toBe(200);
    expect(verified.body.data.emailVerified).toBe(true);
    expect((await s.post('/api/auth/logout')).status).toBe(204);
    expect((await s.get('/api/current-user')).status).toBe(401);
    const login = await s.post<{ data: { emailVerified: boolean; role: string } }>('/api/auth/login', { email: 'dana@example.com', password: 'correct horse battery' });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ emailVerified: true, role: 'supplier' });
    expect((await s.get('/api/current-user')).status).toBe(200);
  }, 60_000);

  fixture.test('a sign-up is one trace across the gateway, identity, NATS and notifications processes', async (app) => {
    const spans = () => (receiver as OtlpReceiver).spans;
    const earlier = new Set(spans().map((s) => s.traceId));
    expect((await new ApiSession(app.url).post('/api/auth/sign-up', signupBody('traced@example.com'))).status).toBe(201);
    const emailSpan = await eventually('the verification email send span of this sign-up', () =>
      spans().find((s) => s.name === 'email send' && s.attributes['caskade.email.kind'] === 'verify-email' && !earlier.has(s.traceId)),
    );
    const path = await eventually('the chain of parents up to the root', () => {
      try {
        return ancestry(spans(), emailSpan);
      } catch {
        return undefined;
      }
    });
    const step = (s: ReceivedSpan) => `${s.service}:${s.name}`;
    const root = path[0] as ReceivedSpan;
    expect({ service: root.service, kind: root.kind, route: root.attributes['http.route'] }).toEqual({ service: 'gateway', kind: 2, route: '/api/auth/sign-up' });
    // Each process's spans, in order along the one chain; the event crossed NATS.
    const expected: Array<(s: ReceivedSpan) => boolean> = [
      (s) => s.service === 'gateway' && s.kind === 3 && /SignUp/.test(s.name),
      (s) => s.service === 'identity' && s.kind === 2 && /SignUp/.test(s.name),
      (s) => s.service === 'identity' && s.name === 'identity.user.verification_requested enqueue',
      (s) => s.service === 'identity' && s.name === 'identity.user.verification_requested publish' && s.attributes['messaging.system'] === 'nats',
      (s) => s.service === 'notifications' && s.name === 'identity.user.verification_requested process' && s.attributes['messaging.system'] === 'nats',
      (s) => s.service === 'notifications' && s.name === 'email send',
    ];
    let at = 0;
    for (const [i, matches] of expected.entries()) {
      const found = path.findIndex((s, j) => j >= at && matches(s));
      if (found < 0) throw new Error(`step ${i + 1} missing after position ${at}: ${path.map(step).join(' → ')}`);
      at = found + 1;
    }
    // PostgreSQL queries of identity's handler are spans of the same trace (pg instrumentation).
    const inTrace = spans().filter((s) => s.traceId === root.traceId);
    expect(inTrace.some((s) => s.service === 'identity' && (s.attributes['db.system'] === 'postgresql' || s.attributes['db.system.name'] === 'postgresql'))).toBe(true);
  }, 60_000);

  fixture.test('loses no email when the notifications process crashes: JetStream holds the event until it is back', async (app) => {
    await app.crash('notifications');
    const s = new ApiSession(app.url);
    expect((await s.post('/api/auth/sign-up', signupBody('while-down@example.com'))).status).toBe(201);
    await app.restart('notifications');
    const m = await mail(app.url, 'while-down@example.com', 'verify-email');
    expect(token(m.text)).toMatch(/^[\w-]{20,}$/);
    // Exactly one email despite the redelivery after the crash.
    const operator = new ApiSession(app.url);
    await operator.post('/api/auth/login', OPERATOR);
    const all = await operator.get<{ data: Mail[] }>('/api/operator/mailbox?to=while-down@example.com');
    expect(all.body.data.filter((x) => x.kind === 'verify-email')).toHaveLength(1);
  }, 90_000);

  fixture.test('hardens accounts across processes: password change signs others out, a type switch reissues the session, names clash across columns', async (app) => {
    const a = new ApiSession(app.url);
    expect((await a.post('/api/auth/sign-up', signupBody('harden@example.com'))).status).toBe(201);
    const b = new ApiSession(app.url);
    expect((await b.post('/api/auth/login', { email: 'harden@example.com', password: 'correct horse battery' })).status).toBe(200);
    expect((await a.put('/api/current-user/password', { currentPassword: 'correct horse battery', newPassword: 'a changed password' })).status).toBe(204);
    expect((await b.post('/api/auth/refresh')).status).toBe(401);
    expect((await a.post('/api/auth/refresh')).status).toBe(204);

    const oldRefresh = a.cookie('caskade_rt') ?? '';
    const switched = await a.put<{ data: { role: string } }>('/api/user/type', { userType: 'buyer' });
    expect(switched.body.data.role).toBe('buyer');
    expect((await a.get<{ data: { role: string } }>('/api/current-user')).body.data.role).toBe('buyer');
    expect((await a.get('/api/own-listings')).status).toBe(403);
    const stale = new ApiSession(app.url);
    stale.setCookie('caskade_rt', oldRefresh);
    expect((await stale.post('/api/auth/refresh')).status).toBe(401);

    // The first supplier's business name, offered as another's brand name.
    const clash = { ...signupBody('clash@example.com'), brandName: 'Distant Spirits Pty Ltd harden', businessName: 'Clash Pty Ltd' };
    const res = await new ApiSession(app.url).post<{ errors: Array<{ code: string }> }>('/api/auth/sign-up', clash);
    expect(res.status).toBe(409);
    expect(res.body.errors[0]?.code).toBe('name-taken');
  }, 60_000);

  fixture.test('refuses a logged-out, a deleted and a banned supplier’s earlier access token in every service within a second', async (app) => {
    const within = async (what: string, probe: () => Promise<number>, expected: number) => {
      const deadline = Date.now() + 1000;
      let status = await probe();
      while (status !== expected && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        status = await probe();
      }
      expect({ what, status }).toEqual({ what, status: expected });
    };
    const brandWrite = (s: ApiSession) => async () => (await s.put('/api/own-brand', { deliveryNotes: 'Tuesdays' })).status;
    const signUpSupplier = async (email: string) => {
      const s = new ApiSession(app.url);
      expect((await s.post('/api/auth/sign-up', signupBody(email))).status).toBe(201);
      expect(await brandWrite(s)()).toBe(200);
      return s;
    };
    const login = async (email: string) => {
      const s = new ApiSession(app.url);
      expect((await s.post('/api/auth/login', { email, password: 'correct horse battery' })).status).toBe(200);
      return s;
    };

    // Logged out on another device: catalog (another process) refuses the earlier token within a second.
    const kept = await signUpSupplier('revoke-out@example.com');
    expect((await (await login('revoke-out@example.com')).post('/api/auth/logout')).status).toBe(204);
    await within('catalog after logout', brandWrite(kept), 401);

    // Deleted from another device.
    const doomed = await signUpSupplier('revoke-del@example.com');
    expect((await (await login('revoke-del@example.com')).post('/api/user/delete', { currentPassword: 'correct horse battery' })).status).toBe(204);
    await within('catalog after deletion', brandWrite(doomed), 401);

    // Banned by the operator.
    const banned = await signUpSupplier('revoke-ban@example.com');
    const id = (await banned.get<{ data: { id: string } }>('/api/current-user')).body.data.id;
    const operator = new ApiSession(app.url);
    expect((await operator.post('/api/auth/login', OPERATOR)).status).toBe(200);
    expect((await operator.put(`/api/operator/users/${id}/ban`, { banned: true })).status).toBe(200);
    await within('catalog after a ban', brandWrite(banned), 403);
    expect((await banned.get('/api/current-user')).status).toBe(403);
  }, 60_000);
  fixture.test('a real service process refuses a gRPC call with forged user metadata and no valid credential; a workload’s real credential carries no user (ADR 053)', async (app) => {
    const identityAddress = app.addresses.identity ?? '';
    const raw = new Client(identityAddress, credentials.createInsecure());
    const call = <K extends 'getCurrentUser' | 'getUsers'>(method: K, req: object, md: Record<string, string>) =>
      new Promise<{ code: number; ok?: unknown }>((resolve) => {
        const def = identity.IdentityServiceService[method];
        const metadata = new Metadata();
        for (const [k, v] of Object.entries(md)) metadata.set(k, v);
        raw.makeUnaryRequest(def.path, def.requestSerialize as (v: object) => Buffer, def.responseDeserialize, req, metadata, { deadline: Date.now() + 5000 }, (err: ServiceError | null, res?: unknown) =>
          resolve(err ? { code: err.code } : { code: status.OK, ok: res }));
      });
    try {
      // The session of a real user: what an attacker would want to act as.
      const s = new ApiSession(app.url);
      const login = await s.post<{ data: { id: string } }>('/api/auth/login', OPERATOR);
      expect(login.status).toBe(200);
      const forged = { 'x-user-id': login.body.data.id, 'x-user-role': 'operator', 'x-user-scopes': '', 'x-session-version': '0' };
      expect((await call('getCurrentUser', {}, forged)).code).toBe(status.UNAUTHENTICATED);
      expect((await call('getUsers', { ids: [login.body.data.id], withEmail: true }, forged)).code).toBe(status.UNAUTHENTICATED);
      // A credential signed by a key the cluster does not know (an attacker's own "orders" key).
      const outsider = generateClusterKeys(['orders']);
      const outsiderToken = await new ServiceSigner('orders', signingKeyFromJwk(outsider.serviceSigningKeys.orders)).token();
      expect((await call('getUsers', { ids: [login.body.data.id] }, { ...forged, 'x-service-token': outsiderToken })).code).toBe(status.UNAUTHENTICATED);
      // The gateway's real credential may not name a user (act): it forwards the user's own token.
      const gatewaySigner = new ServiceSigner('gateway', signingKeyFromJwk(fixture.keys.serviceSigningKeys.gateway));
      expect((await call('getCurrentUser', {}, { 'x-service-token': await gatewaySigner.token({ userId: login.body.data.id, role: 'operator', scopes: [] }) })).code).toBe(status.UNAUTHENTICATED);
      // orders' real credential is accepted, and forged user metadata beside it is ignored: no user.
      const ordersToken = await new ServiceSigner('orders', signingKeyFromJwk(fixture.keys.serviceSigningKeys.orders)).token();
      expect((await call('getUsers', { ids: [login.body.data.id] }, { ...forged, 'x-service-token': ordersToken })).code).toBe(status.OK);
      expect((await call('getCurrentUser', {}, { ...forged, 'x-service-token': ordersToken })).code).toBe(status.UNAUTHENTICATED);
    } finally {
      raw.close();
    }
  });
});
