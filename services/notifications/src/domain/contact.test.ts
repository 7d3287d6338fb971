import { fieldErrors } from '@caskade/kit/rules';
import { contactMessageEmail, contactMessageSchema } from './contact';

describe('contact form', () => {
  const ok = { name: 'Ava Nguyen', email: 'Ava@Bar.example.com', subject: 'Wholesale account', message: 'Hello\nthere' };

  it('accepts a complete message (email lower-cased) and refuses missing, malformed, too long and unknown fields with their keys', () => {
    expect(contactMessageSchema.parse(ok)).toEqual({ ...ok, email: 'ava@bar.example.com' });
    const bad = contactMessageSchema.safeParse({ name: ' ', email: 'nope', subject: 'x'.repeat(151), message: 'y'.repeat(5001) });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({
      name: 'validation.required', email: 'validation.emailInvalid', subject: 'validation.tooLong', message: 'validation.tooLong',
    });
    expect(contactMessageSchema.safeParse({ ...ok, cc: 'x@y.z' }).success).toBe(false);
  });

  it('quotes the message in the text, escapes it in the HTML and keeps a forged line break out of the subject', () => {
    const mail = contactMessageEmail(contactMessageSchema.parse({ ...ok, subject: 'Hi\r\nBcc: evil@example.com', message: '<script>alert(1)</script>' }));
    expect(mail.subject).toBe('Contact form: Hi Bcc: evil@example.com');
    expect(mail.text).toContain('> <script>alert(1)</script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('mailto:ava%40bar.example.com?subject=');
  });
});
