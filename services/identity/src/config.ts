import { baseEnv } from '@caskade/kit';
import { z } from 'zod';

export const identityEnv = baseEnv.extend({
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }),
  OPERATOR_EMAIL: z.email().optional(),
  OPERATOR_PASSWORD: z.string().min(12).optional(),
});
export type IdentityEnv = z.infer<typeof identityEnv>;
