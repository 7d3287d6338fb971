import { ConfigError, loadConfig } from '@caskade/kit';
import { notificationsEnv } from './config';

describe('notificationsEnv', () => {
  it('defaults to the local mailbox, the demo sender and localhost links', () => {
    const env = loadConfig('notifications', notificationsEnv, { SMTP_URL: '', IDENTITY_ADDR: '127.0.0.1:1' });
    expect(env).toMatchObject({ MAIL_FROM: 'Caskade <no-reply@caskade.local>', PUBLIC_URL: 'http://localhost:3000' });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('accepts smtp and smtps URLs and a named or bare From address', () => {
    for (const SMTP_URL of ['smtp://user:secret@mail.example.com:587', 'smtps://mail.example.com']) {
      expect(loadConfig('notifications', notificationsEnv, { SMTP_URL, MAIL_FROM: 'orders@caskade.com.au', IDENTITY_ADDR: '127.0.0.1:1' }).SMTP_URL).toBe(SMTP_URL);
    }
  });

  it('names every bad value without echoing secrets', () => {
    const bad = () => loadConfig('notifications', notificationsEnv, { SMTP_URL: 'http://user:secret@mail.example.com', MAIL_FROM: 'Caskade', PUBLIC_URL: 'ftp://x', IDENTITY_ADDR: '127.0.0.1:1' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const { problems, message } = err as ConfigError;
      expect(problems.map((p) => p.split(':')[0])).toEqual(['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL']);
      expect(message).not.toContain('secret');
    }
  });
});
