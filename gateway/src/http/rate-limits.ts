import type { Redis } from 'ioredis';
import { createRateLimiter, type Logger, type RateLimiter, type RateLimitRule } from '@caskade/kit';
import { CONTACT_RATE_LIMIT } from '@caskade/notifications/domain';

/**
 * Per-IP limits on the abuse-prone endpoints, and per-account ones (keyed on the normalised email
 * the body names) where guessing or mail-bombing targets one account from many addresses. The
 * per-IP login limit is the looser of the two, since offices share an address (ADR 014).
 */
export const RATE_LIMIT_RULES = {
  login: { name: 'login', points: 30, durationSeconds: 5 * 60 },
  loginAccount: { name: 'login-account', points: 10, durationSeconds: 15 * 60 },
  signup: { name: 'signup', points: 20, durationSeconds: 60 * 60 },
  verificationEmail: { name: 'verification-email', points: 10, durationSeconds: 60 * 60 },
  changeEmail: { name: 'change-email', points: 10, durationSeconds: 60 * 60 },
  passwordReset: { name: 'password-reset', points: 5, durationSeconds: 60 * 60 },
  passwordResetAccount: { name: 'password-reset-account', points: 3, durationSeconds: 60 * 60 },
  nameCheck: { name: 'name-check', points: 120, durationSeconds: 60 },
  imageUpload: { name: 'image-upload', points: 120, durationSeconds: 60 * 60 },
  contact: { name: 'contact', ...CONTACT_RATE_LIMIT },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;
export type RateLimiters = Record<RateLimitName, RateLimiter>;

/** Limits count in Redis when given (falling back to memory, with a warning, while it fails). */
export function createRateLimiters(scale: number, redis?: Redis, logger?: Logger): RateLimiters {
  const entries = Object.entries(RATE_LIMIT_RULES).map(([key, rule]) => [
    key,
    createRateLimiter({ ...rule, points: Math.max(1, Math.round(rule.points * scale)) }, redis, logger),
  ]);
  return Object.fromEntries(entries) as RateLimiters;
}
