/**
 * What a first-time supplier and visitor reach through the gateway (ADR 059): the supplier's
 * business info (PUT /api/current-user/profile with the business fields) and the contact form
 * (POST /api/send-contact-us-email). Bad input gets a 4xx with the spec's code and changes nothing.
 */
import { startApp, type TestApp } from '../support/app';
import { buyerSignup, DEMO_OPERATOR, supplierSignup, waitForMail, type Mail } from '../support/accounts';
import { ApiSession } from '../support/http';

interface ErrorBody {
  errors: Array<{ status: number; code: string; meta?: { fields?: Record<string, string> } }>;
}
interface UserBody {
  data: { profile: Record<string, string> };
}

const INBOX = 'hello@caskade.com.au';
let app: TestApp;
beforeAll(async () => {
  // Real limits (scale 1): the contact form's 5 an hour is reached in this file.
  app = await startApp({ rateLimitScale: 1 });
}, 300_000);
afterAll(async () => {
  await app?.stop();
});

async function inbox(): Promise<Mail[]> {
  const operator = new ApiSession(app.url);
  await operator.post('/api/auth/login', DEMO_OPERATOR);
  return (await operator.get<{ data: Mail[] }>(`/api/operator/mailbox?to=${encodeURIComponent(INBOX)}`)).body.data;
}

describe('business info', () => {
  it('a supplier saves its business details; bad ones are refused with their field keys and change nothing', async () => {
    const s = new ApiSession(app.url);
    expect((await s.post('/api/auth/sign-up', supplierSignup('info@example.com', 'Infoville'))).status).toBe(201);
    const before = (await s.get<UserBody>('/api/current-user')).body.data.profile;
    expect(before.contactNumber).toBe('+61398765432');

    const bad = await s.put<ErrorBody>('/api/current-user/profile', {
      businessName: 'Infoville Trading Pty Ltd', legalEntityName: '  ', abnAcn: '51 824 753 557', contactNumber: '123', address: ' ',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.code).toBe('validation-invalid-params');
    expect(bad.body.errors[0]?.meta?.fields).toEqual({
      legalEntityName: 'validation.required', abnAcn: 'validation.abnAcnInvalid', contactNumber: 'validation.phoneInvalid', address: 'validation.required',
    });
    // Past the gateway's bounds: refused there, with the same kind of key.
    const long = await s.put<ErrorBody>('/api/current-user/profile', { address: 'x'.repeat(301) });
    expect([long.status, long.body.errors[0]?.code, long.body.errors[0]?.meta?.fields]).toEqual([400, 'validation-invalid-params', { address: 'validation.tooLong' }]);
    expect((await s.get<UserBody>('/api/current-user')).body.data.profile).toEqual(before);

    const saved = await s.put<UserBody>('/api/current-user/profile', {
      businessName: 'Infoville Trading Pty Ltd', legalEntityName: 'Infoville Holdings Pty Ltd', abnAcn: '51 824 753 556',
      retailLiquorLicence: 'LIQP770012345', wholesaleLiquorLicence: '', address: '9 Lane, Fitzroy VIC 3065', contactNumber: '0412 345 678',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.profile).toMatchObject({
      businessName: 'Infoville Trading Pty Ltd', legalEntityName: 'Infoville Holdings Pty Ltd', abnAcn: '51824753556', retailLiquorLicence: 'LIQP770012345',
      wholesaleLiquorLicence: '', address: '9 Lane, Fitzroy VIC 3065', contactNumber: '+61412345678',
    });
  });

  it('a buyer has no business info to set: 403 forbidden, nothing changed', async () => {
    const s = new ApiSession(app.url);
    expect((await s.post('/api/auth/sign-up', buyerSignup('buyer-info@example.com'))).status).toBe(201);
    const before = (await s.get<UserBody>('/api/current-user')).body.data.profile;
    const refused = await s.put<ErrorBody>('/api/current-user/profile', { legalEntityName: 'Sneaky Pty Ltd', address: '1 Road, Perth WA 6000' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]?.code).toBe('forbidden');
    expect((await s.get<UserBody>('/api/current-user')).body.data.profile).toEqual(before);
  });
});

describe('contact form', () => {
  const message = { name: 'Ava Nguyen', email: 'ava@bar.example.com', subject: 'Wholesale account for our bar', message: 'Hi!\nWe’d like to stock <b>local</b> cider.' };

  it('keeps a valid message and emails it to the inbox; refuses bad ones with field keys, then too many with 429', async () => {
    const visitor = new ApiSession(app.url);
    const bad = await visitor.post<ErrorBody>('/api/send-contact-us-email', { ...message, email: 'not-an-email', subject: ' ', message: 'x'.repeat(5001) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.code).toBe('validation-invalid-params');
    expect(bad.body.errors[0]?.meta?.fields).toEqual({ email: 'validation.emailInvalid', subject: 'validation.required', message: 'validation.tooLong' });
    const extra = await visitor.post<ErrorBody>('/api/send-contact-us-email', { ...message, to: 'someone@else.example.com' });
    expect(extra.status).toBe(400);

    const sent = await visitor.post<{ data: { id: string } }>('/api/send-contact-us-email', message);
    expect(sent.status).toBe(201);
    expect(sent.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const mail = (await waitForMail(app.url, INBOX, 'contact-message')) as Mail & { html: string };
    expect(mail.subject).toBe('Contact form: Wholesale account for our bar');
    expect(mail.text).toContain('Ava Nguyen (ava@bar.example.com)');
    expect(mail.text).toContain('> We’d like to stock <b>local</b> cider.');
    // User text is data: escaped in the HTML part.
    expect(mail.html).toContain('&lt;b&gt;local&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>local</b>');
    // The refused requests queued nothing.
    expect((await inbox()).filter((m) => m.kind === 'contact-message')).toHaveLength(1);

    // 5 an hour per client: the sixth attempt at the latest is refused (429), and stores nothing.
    const accepted: string[] = [];
    let limited: ErrorBody | null = null;
    for (let i = 0; i < 6 && !limited; i++) {
      const res = await visitor.post<ErrorBody>('/api/send-contact-us-email', { ...message, subject: `Follow-up ${i}` });
      if (res.status === 201) accepted.push(`Contact form: Follow-up ${i}`);
      else {
        expect(res.status).toBe(429);
        limited = res.body;
      }
    }
    expect(limited?.errors[0]?.code).toBe('too-many-requests');
    expect(accepted.length).toBeLessThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 500));
    const subjects = (await inbox()).filter((m) => m.kind === 'contact-message').map((m) => m.subject);
    expect(subjects.sort()).toEqual([...accepted, 'Contact form: Wholesale account for our bar'].sort());
  });
});
