import { addressEnvShape, baseEnv } from '@caskade/kit';
import { z } from 'zod';
import { MESSAGES_PER_MINUTE } from './domain';

export const messagingEnv = baseEnv.extend({
  /** Identity's gRPC address: the names, roles and account states of people messaging has not heard of yet. */
  ...addressEnvShape(['identity']),
  /** Messages one person may send in a minute (load tests raise it). */
  MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(MESSAGES_PER_MINUTE),
});
export type MessagingEnv = z.infer<typeof messagingEnv>;
