import { baseEnv } from '@caskade/kit';
import { z } from 'zod';

const unsetWhenEmpty = (v: unknown) => (v === '' ? undefined : v);
const secret = (prefix: string) => z.preprocess(unsetWhenEmpty, z.string().startsWith(prefix, { error: `must start with ${prefix}` }).optional());

export const paymentsEnv = baseEnv
  .extend({
    /** Stripe: set all three to use Stripe; none to use the built-in sandbox (test-card semantics). */
    STRIPE_SECRET_KEY: secret('sk_'),
    STRIPE_PUBLISHABLE_KEY: secret('pk_'),
    STRIPE_WEBHOOK_SECRET: secret('whsec_'),
    /** Caskade's bank account that buyers pay bank transfers into (demo defaults). */
    BANK_ACCOUNT_NAME: z.string().trim().min(1).max(100).default('Caskade Marketplace Pty Ltd'),
    BANK_BSB: z.string().regex(/^\d{3}-?\d{3}$/, { error: 'BANK_BSB must be six digits (000-000)' }).default('062-000'),
    BANK_ACCOUNT_NUMBER: z.string().regex(/^\d{5,9}$/, { error: 'BANK_ACCOUNT_NUMBER must be 5 to 9 digits' }).default('12345678'),
    /** A bank transfer's window when the caller gives none (seconds; default 3 days). */
    BANK_TRANSFER_WINDOW_SECONDS: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(3 * 24 * 3600),
    /** Sandbox: how long a BECS debit stays processing before it settles (seconds). */
    SANDBOX_BECS_SETTLE_SECONDS: z.coerce.number().min(0).max(3600).default(3),
  })
  .superRefine((env, ctx) => {
    const keys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
    const set = keys.filter((k) => env[k] !== undefined);
    if (set.length > 0 && set.length < keys.length) {
      for (const k of keys.filter((key) => env[key] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [k], message: `${k} is missing: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together, or none for the sandbox` });
      }
    }
  });
export type PaymentsEnv = z.infer<typeof paymentsEnv>;

/** Stripe's keys when all three are set (the config refuses a partial set). */
export function stripeKeysOf(env: PaymentsEnv): { secretKey: string; publishableKey: string; webhookSecret: string } | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
}
