import { baseEnv } from '@caskade/kit';
import { z } from 'zod';

/** An empty value (an optional Kubernetes secret key left blank) counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

export const identityEnv = baseEnv
  .extend({
    OPERATOR_EMAIL: unsetIfEmpty(z.email().optional()),
    OPERATOR_PASSWORD: unsetIfEmpty(z.string().min(12).optional()),
  })
  .superRefine((env, ctx) => {
    // One without the other used to be ignored silently, leaving no operator account.
    if (env.OPERATOR_EMAIL !== undefined && env.OPERATOR_PASSWORD === undefined) {
      ctx.addIssue({ code: 'custom', path: ['OPERATOR_PASSWORD'], message: 'OPERATOR_PASSWORD must be set when OPERATOR_EMAIL is (set both or neither)' });
    }
    if (env.OPERATOR_PASSWORD !== undefined && env.OPERATOR_EMAIL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['OPERATOR_EMAIL'], message: 'OPERATOR_EMAIL must be set when OPERATOR_PASSWORD is (set both or neither)' });
    }
  });
export type IdentityEnv = z.infer<typeof identityEnv>;
