import { addressEnvShape, baseEnv } from '@caskade/kit';
import type { z } from 'zod';

export const cartEnv = baseEnv.extend({
  /** Catalog's gRPC address: listings (packages, prices, stock, delivery methods) come from there. */
  ...addressEnvShape(['catalog']),
});
export type CartEnv = z.infer<typeof cartEnv>;
