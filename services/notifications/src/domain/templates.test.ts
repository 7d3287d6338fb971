import { cleanName, escapeHtml, formatExpiry, passwordResetEmail, verificationEmail } from './templates';

const settings = { publicUrl: 'https://caskade.example/' };
const MALICIOUS = '<script>alert("x")</script><img src=x onerror=alert(1)>';

describe('verificationEmail', () => {
  const email = verificationEmail({ firstName: 'Matilda', token: 'abc+/=?&def', expiresAt: '2026-04-03T03:30:00Z' }, settings);

  it('links to /verify-email with the token URL-encoded, in both parts', () => {
    const url = 'https://caskade.example/verify-email?token=abc%2B%2F%3D%3F%26def';
    expect(email.text).toContain(url);
    expect(email.html).toContain(`href="${url}"`);
  });

  it('greets by first name and states the expiry in en-AU wording and Sydney time', () => {
    expect(email.subject).toBe('Please confirm your email address for Caskade');
    expect(email.text.startsWith('Hi Matilda,\n')).toBe(true);
    expect(email.text).toContain('this link expires on Friday 3 April 2026 at 2:30 pm AEDT.');
    expect(email.html).toContain('this link expires on Friday 3 April 2026 at 2:30 pm AEDT.');
    expect(email.html).toContain('<html lang="en-AU">');
    expect(email.text).toContain('The Caskade team');
  });

  it('escapes a malicious first name in the HTML part and keeps it inert text', () => {
    const bad = verificationEmail({ firstName: MALICIOUS, token: 't', expiresAt: '2026-04-03T03:30:00Z' }, settings);
    expect(bad.html).not.toContain('<script');
    expect(bad.html).not.toContain('<img');
    expect(bad.html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;,');
    expect(bad.text).toContain(`Hi ${MALICIOUS},`);
  });

  it('does not let a name forge lines in the text part', () => {
    const bad = verificationEmail({ firstName: 'Sam\r\n\r\nUrgent: visit http://evil.example', token: 't', expiresAt: '' }, settings);
    expect(bad.text.split('\n')[0]).toBe('Hi Sam Urgent: visit http://evil.example,');
  });

  it('falls back to a neutral greeting and expiry when those are missing', () => {
    const plain = verificationEmail({ firstName: '  ', token: 't', expiresAt: 'not a date' }, settings);
    expect(plain.text.startsWith('Hi there,\n')).toBe(true);
    expect(plain.text).toContain('this link expires soon.');
  });
});

describe('passwordResetEmail', () => {
  it('links to /reset-password with email and token URL-encoded', () => {
    const email = passwordResetEmail(
      { email: 'o’brien+bar@pub.com.au', firstName: 'Tom', token: 'tok en&x=1', expiresAt: '2026-07-01T00:05:00Z' },
      { publicUrl: 'http://localhost:3000' },
    );
    const url = 'http://localhost:3000/reset-password?email=o%E2%80%99brien%2Bbar%40pub.com.au&token=tok%20en%26x%3D1';
    expect(email.subject).toBe('Reset your Caskade password');
    expect(email.text).toContain(url);
    expect(email.html).toContain(`href="${url.replace('&', '&amp;')}"`);
    expect(email.text).toContain('expires on Wednesday 1 July 2026 at 10:05 am AEST.');
    expect(email.text).toContain('your password stays the same');
  });

  it('writes the query separator as &amp; inside the HTML attribute', () => {
    const email = passwordResetEmail({ email: 'a@b.co', firstName: '', token: 't', expiresAt: '' }, settings);
    expect(email.text).toContain('https://caskade.example/reset-password?email=a%40b.co&token=t');
    expect(email.html).toContain('href="https://caskade.example/reset-password?email=a%40b.co&amp;token=t"');
  });
});

describe('helpers', () => {
  it.each([
    ['<b>&"\'', '&lt;b&gt;&amp;&quot;&#39;'],
    ['plain', 'plain'],
  ])('escapeHtml(%p)', (input, expected) => expect(escapeHtml(input)).toBe(expected));

  it('cleanName collapses whitespace, strips control characters and caps length', () => {
    expect(cleanName(' Ann\u0000\tMarie \u2028 ')).toBe('Ann Marie');
    expect([...cleanName('x'.repeat(500))]).toHaveLength(100);
  });

  it('formatExpiry rejects empty and invalid instants', () => {
    expect(formatExpiry('')).toBeNull();
    expect(formatExpiry('tomorrow')).toBeNull();
    expect(formatExpiry('2026-12-24T22:00:00Z', 'Australia/Perth')).toBe('Friday 25 December 2026 at 6:00 am AWST');
  });
});
