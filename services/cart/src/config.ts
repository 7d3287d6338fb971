import { addressEnvShape, baseEnv } from '@caskade/kit';
import type { z } from 'zod';

export const cartEnv = baseEnv.extend({
  /**
   * Catalog's gRPC address: listings (packages, prices, stock, delivery methods) come from there;
   * payments': which suppliers cannot be paid yet.
   */
  ...addressEnvShape(['catalog', 'payments']),
});
export type CartEnv = z.infer<typeof cartEnv>;
