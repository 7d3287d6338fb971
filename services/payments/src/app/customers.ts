import { findCustomerId, saveCustomerId } from '../db/customers';
import type { PaymentsDeps } from './deps';

/** The user's provider customer, created on first need (two racing creations keep the first recorded). */
export async function ensureCustomer(deps: PaymentsDeps, userId: string): Promise<string> {
  const existing = await findCustomerId(deps.db, userId);
  if (existing) return existing;
  return saveCustomerId(deps.db, userId, await deps.provider.createCustomer(userId));
}
