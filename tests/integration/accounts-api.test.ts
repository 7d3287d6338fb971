import { startApp, type TestApp } from '../support/app';
import { buyerSignup, linkParam, supplierSignup, waitForMail } from '../support/accounts';
import { ApiSession } from '../support/http';

interface ErrorBody {
  errors: Array<{ status: number; code: string; title: string; meta?: { fields?: Record<string, string> } }>;
}
interface UserBody {
  data: { id: string; email: string; emailVerified: boolean; role: string };
}

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

const mailboxFor = (email: string, kind: string) => waitForMail(app.url, email, kind);

describe('accounts through the gateway', () => {
  it('signs up, verifies through the mailbox, logs out and in again', async () => {
    const s = new ApiSession(app.url);
    const signup = await s.post<UserBody>('/api/auth/sign-up', buyerSignup('mia@example.com'));
    expect(signup.status).toBe(201);
    expect(signup.body.data).toMatchObject({ email: 'mia@example.com', emailVerified: false, role: 'buyer' });
    const setCookies = signup.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/caskade_at=[^;]+;.*HttpOnly/i);
    expect(setCookies).toMatch(/caskade_rt=[^;]+;.*Path=\/api\/auth.*HttpOnly/i);
    expect(setCookies).toMatch(/SameSite=Lax/i);
    expect(JSON.stringify(signup.body)).not.toContain('correct horse battery');

    const me = await s.get<UserBody>('/api/current-user');
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(signup.body.data.id);

    const mail = await mailboxFor('mia@example.com', 'verify-email');
    const token = linkParam(mail.text, 'token');
    const verified = await new ApiSession(app.url).post<UserBody>('/api/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.data.emailVerified).toBe(true);

    expect((await s.post('/api/auth/logout')).status).toBe(204);
    expect((await s.get<ErrorBody>('/api/current-user')).body.errors[0]?.code).toBe('auth-unauthenticated');
    const login = await s.post<UserBody>('/api/auth/login', { email: 'MIA@example.com', password: 'correct horse battery' });
    expect(login.status).toBe(200);
    expect(login.body.data.emailVerified).toBe(true);
  });

  it('answers validation errors with the spec code and field names, and creates nothing', async () => {
    const s = new ApiSession(app.url);
    const bad = { ...buyerSignup('bad@example.com'), passwordConfirm: 'different password', phoneNumber: '123', agreeTermsAndConditions: false };
    const res = await s.post<ErrorBody>('/api/auth/sign-up', bad);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ status: 400, code: 'validation-invalid-params' });
    expect(res.body.errors[0]?.meta?.fields).toMatchObject({
      passwordConfirm: 'validation.passwordsDoNotMatch',
      phoneNumber: 'validation.phoneInvalid',
      agreeTermsAndConditions: 'validation.termsRequired',
    });
    const check = await s.post<{ data: { valid: boolean } }>('/api/brands/scan-valid-email', { email: 'bad@example.com' });
    expect(check.body.data.valid).toBe(true);
    const unknownField = await s.post<ErrorBody>('/api/auth/sign-up', { ...buyerSignup('x@example.com'), role: 'operator' });
    expect(unknownField.status).toBe(400);
  });

  it('answers 409 email-taken for a duplicate sign-up', async () => {
    const s = new ApiSession(app.url);
    const res = await s.post<ErrorBody>('/api/auth/sign-up', buyerSignup('buyer@example.com'));
    expect(res.status).toBe(409);
    expect(res.body.errors[0]?.code).toBe('email-taken');
  });

  it('answers 401 for wrong credentials and never 500 for malformed bodies', async () => {
    const s = new ApiSession(app.url);
    const wrong = await s.post<ErrorBody>('/api/auth/login', { email: 'buyer@example.com', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0]?.code).toBe('auth-invalid-credentials');
    const malformed = await s.request<ErrorBody>('POST', '/api/auth/login', undefined, { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
    const broken = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as ErrorBody).errors[0]?.code).toBe('validation-invalid-params');
    const huge = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a'.repeat(2_000_000), password: 'x' }) });
    expect(huge.status).toBe(413);
    for (const body of [[], 'text', 42, null, { email: ['a'], password: { $gt: '' } }]) {
      const res = await s.post<ErrorBody>('/api/auth/login', body);
      expect(res.status).toBe(400);
    }
  });

  it('refuses cross-site state-changing requests', async () => {
    const s = new ApiSession(app.url, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    const res = await s.post<ErrorBody>('/api/auth/login', { email: 'buyer@example.com', password: 'Caskade-demo-2026' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]?.code).toBe('forbidden');
    const sameOrigin = new ApiSession(app.url, { origin: app.url, 'sec-fetch-site': 'same-origin' });
    expect((await sameOrigin.post('/api/auth/login', { email: 'buyer@example.com', password: 'Caskade-demo-2026' })).status).toBe(200);
  });

  it('rotates the refresh cookie on refresh and refuses a refresh without one', async () => {
    const s = new ApiSession(app.url);
    await s.post('/api/auth/login', { email: 'buyer@example.com', password: 'Caskade-demo-2026' });
    const before = s.cookie('caskade_rt');
    expect((await s.post('/api/auth/refresh')).status).toBe(204);
    const after = s.cookie('caskade_rt');
    expect(after).toMatch(/^[\w-]{43}$/);
    expect(after).not.toBe(before);
    const noCookie = await new ApiSession(app.url).post<ErrorBody>('/api/auth/refresh');
    expect(noCookie.status).toBe(401);
  });

  it('carries the limited-access scope from the account to the session', async () => {
    const s = new ApiSession(app.url);
    const login = await s.post<{ data: { scopes: string[] } }>('/api/auth/login', { email: 'limited@example.com', password: 'Caskade-demo-2026' });
    expect(login.body.data.scopes).toEqual(['user:limited']);
    expect((await s.get<{ data: { scopes: string[] } }>('/api/current-user')).body.data.scopes).toEqual(['user:limited']);
  });

  it('keeps operator pages to operators', async () => {
    const buyer = new ApiSession(app.url);
    await buyer.post('/api/auth/login', { email: 'buyer@example.com', password: 'Caskade-demo-2026' });
    expect((await buyer.get<ErrorBody>('/api/operator/mailbox')).status).toBe(403);
    expect((await new ApiSession(app.url).get<ErrorBody>('/api/operator/mailbox')).status).toBe(401);
  });

  it('resets a password through the emailed link', async () => {
    const s = new ApiSession(app.url);
    await s.post('/api/auth/sign-up', buyerSignup('reset@example.com'));
    expect((await s.post<ErrorBody>('/api/auth/password-reset-request', { email: 'nobody@example.com' })).status).toBe(404);
    expect((await s.post('/api/auth/password-reset-request', { email: 'reset@example.com' })).status).toBe(204);
    const mail = await mailboxFor('reset@example.com', 'password-reset');
    const token = linkParam(mail.text, 'token');
    expect(linkParam(mail.text, 'email')).toBe('reset@example.com');
    expect((await s.post('/api/auth/password-reset', { email: 'reset@example.com', token, newPassword: 'a brand new secret' })).status).toBe(204);
    expect((await s.get('/api/current-user')).status).toBe(401); // every session ends with the reset, access token included (ADR 023)
    expect((await s.post('/api/auth/refresh')).status).toBe(401);
    expect((await s.post('/api/auth/login', { email: 'reset@example.com', password: 'a brand new secret' })).status).toBe(200);
  });

  it('exposes Prometheus metrics to this machine: HTTP and gRPC latency per route, outbox backlog, emails, event-loop lag', async () => {
    await new ApiSession(app.url).post('/api/auth/login', { email: 'buyer@example.com', password: 'Caskade-demo-2026' });
    await fetch(`${app.url}/api/listings/00000000-0000-4000-8000-000000000000`);
    const res = await fetch(`${app.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const series of [
      'caskade_http_request_duration_seconds', 'caskade_grpc_server_duration_seconds', 'caskade_outbox_pending_events',
      'caskade_outbox_oldest_pending_age_seconds', 'caskade_events_handled_total', 'caskade_emails_total', 'caskade_db_pool_connections',
      'caskade_process_nodejs_eventloop_lag_seconds',
    ]) expect({ series, typed: text.includes(`# TYPE ${series} `) }).toEqual({ series, typed: true });
    expect(text).toMatch(/caskade_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/login",status="200"\} [1-9]/);
    expect(text).toMatch(/caskade_http_request_duration_seconds_count\{method="GET",route="\/api\/listings\/:id",status="404"\} [1-9]/);
    expect(text).toMatch(/caskade_grpc_server_duration_seconds_count\{service="caskade\.identity\.v1\.IdentityService",method="login",code="ok"\} [1-9]/);
    expect(text).toMatch(/caskade_outbox_pending_events\{service="identity"\} \d+/);
  });

  it('serves the OpenAPI document, health, a JSON 404 for unknown API paths and the SPA for other paths', async () => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/sign-up', '/api/auth/login', '/api/current-user', '/api/brands/scan-valid-name', '/api/user/delete']));
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const missing = await fetch(`${app.url}/api/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).errors[0]?.code).toBe('not-found');
    // A write to a page address answers a JSON error like the API, not Express's HTML page.
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const page = await fetch(`${app.url}/about`, { method, headers: { origin: app.url } });
      expect({ method, status: page.status, type: page.headers.get('content-type') }).toEqual({ method, status: 404, type: 'application/json; charset=utf-8' });
      expect(((await page.json()) as ErrorBody).errors[0]?.code).toBe('not-found');
    }
    const page = await fetch(`${app.url}/some/unknown/page`);
    expect(page.headers.get('content-type')).toMatch(/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('deletes an account with the current password and logs it out', async () => {
    const s = new ApiSession(app.url);
    await s.post('/api/auth/sign-up', buyerSignup('gone@example.com'));
    const wrong = await s.post<ErrorBody>('/api/user/delete', { currentPassword: 'nope nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]?.meta?.fields).toEqual({ currentPassword: 'validation.passwordIncorrect' });
    expect((await s.post('/api/user/delete', { currentPassword: 'correct horse battery' })).status).toBe(204);
    expect((await s.get('/api/current-user')).status).toBe(401);
    expect((await new ApiSession(app.url).post('/api/auth/login', { email: 'gone@example.com', password: 'correct horse battery' })).status).toBe(401);
  });

  it('signs other sessions out on a password change; this one carries on with fresh cookies', async () => {
    const a = new ApiSession(app.url);
    await a.post('/api/auth/sign-up', buyerSignup('two-devices@example.com'));
    const b = new ApiSession(app.url);
    expect((await b.post('/api/auth/login', { email: 'two-devices@example.com', password: 'correct horse battery' })).status).toBe(200);
    const before = a.cookie('caskade_rt');
    expect((await a.put('/api/current-user/password', { currentPassword: 'correct horse battery', newPassword: 'a changed password' })).status).toBe(204);
    expect(a.cookie('caskade_rt')).not.toBe(before);
    expect((await b.post('/api/auth/refresh')).status).toBe(401);
    expect((await a.post('/api/auth/refresh')).status).toBe(204);
    expect((await a.get('/api/current-user')).status).toBe(200);
  });

  it('reissues the session when the user type changes, so the new role works at once', async () => {
    const s = new ApiSession(app.url);
    await s.post('/api/auth/sign-up', buyerSignup('switcher@example.com'));
    expect((await s.get<ErrorBody>('/api/own-listings')).status).toBe(403);
    const oldRefresh = s.cookie('caskade_rt') ?? '';
    const oldAccess = s.cookie('caskade_at') ?? '';
    const switched = await s.put<UserBody>('/api/user/type', { userType: 'supplier' });
    expect(switched.status).toBe(200);
    expect(switched.body.data.role).toBe('supplier');
    expect(s.cookie('caskade_at')).not.toBe(oldAccess);
    expect(s.cookie('caskade_rt')).not.toBe(oldRefresh);
    expect((await s.get<UserBody>('/api/current-user')).body.data.role).toBe('supplier');
    expect((await s.get('/api/own-listings')).status).toBe(200);
    const stale = new ApiSession(app.url);
    stale.setCookie('caskade_rt', oldRefresh);
    expect((await stale.post('/api/auth/refresh')).status).toBe(401);
    expect((await s.post('/api/auth/refresh')).status).toBe(204);
  });

  it('counts email changes against the 5-a-day verification limit (429)', async () => {
    const s = new ApiSession(app.url);
    await s.post('/api/auth/sign-up', buyerSignup('bounce0@example.com'));
    for (let i = 1; i <= 4; i++) {
      expect((await s.put('/api/current-user/email', { email: `bounce${i}@example.com`, currentPassword: 'correct horse battery' })).status).toBe(200);
    }
    const refused = await s.put<ErrorBody>('/api/current-user/email', { email: 'bounce5@example.com', currentPassword: 'correct horse battery' });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]?.code).toBe('email-too-many-verification-requests');
    expect((await s.get<UserBody>('/api/current-user')).body.data.email).toBe('bounce4@example.com');
  });

  it('refuses a brand name that is another supplier’s business name (409 name-taken)', async () => {
    const s = new ApiSession(app.url);
    expect((await s.post('/api/auth/sign-up', supplierSignup('first-brand@example.com', 'Kettle Creek'))).status).toBe(201);
    const clash = { ...supplierSignup('second-brand@example.com', 'Kettle Creek Brewing Pty Ltd'), businessName: 'Something Else Pty Ltd' };
    const res = await new ApiSession(app.url).post<ErrorBody>('/api/auth/sign-up', clash);
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'name-taken', meta: { fields: { brandName: 'name-taken' } } });
    expect((await new ApiSession(app.url).post('/api/auth/login', { email: 'second-brand@example.com', password: 'correct horse battery' })).status).toBe(401);
  });

  it('lets the limited-access login read but not change the account', async () => {
    const s = new ApiSession(app.url);
    await s.post('/api/auth/login', { email: 'limited@example.com', password: 'Caskade-demo-2026' });
    expect((await s.get('/api/current-user')).status).toBe(200);
    const res = await s.put<ErrorBody>('/api/current-user/password', { currentPassword: 'Caskade-demo-2026', newPassword: 'a different password' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]?.code).toBe('forbidden');
    expect((await s.put('/api/user/type', { userType: 'supplier' })).status).toBe(403);
  });
});

describe('rate limits', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startApp({ rateLimitScale: 1 });
  }, 60_000);
  afterAll(async () => {
    await strict?.stop();
  });

  it('answers 429 too-many-requests with Retry-After after 10 failed logins', async () => {
    const s = new ApiSession(strict.url);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await s.post('/api/auth/login', { email: 'buyer@example.com', password: `wrong-${i}-pass` })).status);
    expect(statuses.slice(0, 10).every((st) => st === 401)).toBe(true);
    const last = await s.post<ErrorBody>('/api/auth/login', { email: 'buyer@example.com', password: 'Caskade-demo-2026' });
    expect(last.status).toBe(429);
    expect(last.body.errors[0]?.code).toBe('too-many-requests');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits logins per account as well: other accounts from the same address still get in', async () => {
    // buyer@example.com has used its 10 failed attempts in the test above: even the right password waits.
    const other = await new ApiSession(strict.url).post('/api/auth/login', { email: 'supplier@example.com', password: 'Caskade-demo-2026' });
    expect(other.status).toBe(200);
    const again = await new ApiSession(strict.url).post<ErrorBody>('/api/auth/login', { email: ' BUYER@example.com ', password: 'Caskade-demo-2026' });
    expect(again.status).toBe(429);
  });

  it('counts only failed logins per account: a venue’s staff signing in on several devices are not locked out', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await new ApiSession(strict.url).post('/api/auth/login', { email: 'operator@example.com', password: 'Caskade-demo-2026' })).status);
    expect([...new Set(statuses)]).toEqual([200]);
    // Eleven successes spent none of the account's ten: a wrong password is still just wrong.
    // (The per-address limit, 30 in 5 minutes, counts every login of this suite: keep the total under it.)
    expect((await new ApiSession(strict.url).post('/api/auth/login', { email: 'operator@example.com', password: 'not-the-password-1' })).status).toBe(401);
  });

  it('limits password reset requests per account (3 an hour) before the per-address limit', async () => {
    const s = new ApiSession(strict.url);
    for (let i = 0; i < 3; i++) expect((await s.post('/api/auth/password-reset-request', { email: 'buyer@example.com' })).status).toBe(204);
    const refused = await s.post<ErrorBody>('/api/auth/password-reset-request', { email: 'Buyer@Example.com' });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]?.code).toBe('too-many-requests');
    expect((await s.post('/api/auth/password-reset-request', { email: 'supplier@example.com' })).status).toBe(204);
  });

  it('limits image uploads per account (120 an hour): the next is 429, another account still uploads', async () => {
    const s = new ApiSession(strict.url);
    expect((await s.post('/api/auth/login', { email: 'supplier@example.com', password: 'Caskade-demo-2026' })).status).toBe(200);
    // Each request counts before its body is read, so empty ones (415: not multipart) spend the allowance quickly.
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await s.post('/api/images')).status);
    expect([...new Set(statuses)]).toEqual([415]);
    const refused = await s.post<ErrorBody>('/api/images');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]?.code).toBe('too-many-requests');
    const other = new ApiSession(strict.url);
    expect((await other.post('/api/auth/login', { email: 'hop-hill-brewing@suppliers.example.com', password: 'Caskade-demo-2026' })).status).toBe(200);
    expect((await other.post('/api/images')).status).toBe(415);
  });

  it('limits email changes per address', async () => {
    const s = new ApiSession(strict.url);
    await s.post('/api/auth/sign-up', buyerSignup('changer@example.com'));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await s.put('/api/current-user/email', { email: `changer${i}@example.com`, currentPassword: 'wrong password' })).status);
    expect(statuses.slice(0, 10).every((st) => st === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
