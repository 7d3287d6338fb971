import { systemContext, type Logger, type PromiseClient } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { LRUCache } from 'lru-cache';

/**
 * Which suppliers cannot be paid yet (no payout account able to receive transfers): payments over
 * gRPC in the service, a set in tests. The cart says so per supplier and holds checkout back; the
 * checkout itself still asks payments (transaction-missing-stripe-account), so this is a courtesy
 * to the buyer, never the rule that lets money move.
 */
export interface PayoutAccountSource {
  /** The given suppliers that have no payout account; [] when payments cannot say (the checkout will). */
  missing(supplierIds: readonly string[]): Promise<string[]>;
}

const PAYMENTS_DEADLINE_MS = 2000;
/** A supplier seen with a payout account keeps it a minute here: an account is not taken away in a minute, and the cart is read on every add. */
const HAS_ACCOUNT_TTL_MS = 60_000;

export function paymentsPayoutAccounts(client: PromiseClient<typeof payments.PaymentsServiceService>, logger: Logger): PayoutAccountSource {
  const hasAccount = new LRUCache<string, true>({ max: 10_000, ttl: HAS_ACCOUNT_TTL_MS });
  return {
    async missing(supplierIds) {
      // Not remembered: asked every time, so a supplier who has just set one up is shown at once.
      const unknown = [...new Set(supplierIds)].filter((id) => !hasAccount.has(id));
      if (unknown.length === 0) return [];
      try {
        const { supplierIds: missing } = await client.findMissingPayoutAccounts({ supplierIds: unknown }, systemContext(), { deadlineMs: PAYMENTS_DEADLINE_MS });
        for (const id of unknown) if (!missing.includes(id)) hasAccount.set(id, true);
        return missing;
      } catch (err) {
        // The cart still shows without payments; the checkout asks again and refuses if need be.
        logger.warn({ err }, 'payout accounts unknown: payments did not answer');
        return [];
      }
    },
  };
}
