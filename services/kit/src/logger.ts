import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; secrets are redacted wherever they appear in a logged object. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    redact: {
      paths: ['password', '*.password', 'currentPassword', '*.currentPassword', 'newPassword', '*.newPassword', 'token', '*.token', 'refreshToken', '*.refreshToken', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}
