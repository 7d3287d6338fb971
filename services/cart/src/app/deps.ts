import type { Logger } from '@caskade/kit';
import type { Kysely } from 'kysely';
import type { CartDB } from '../db/schema';
import type { ListingSource } from './listings';
import type { PayoutAccountSource } from './payout-accounts';

export interface CartDeps {
  db: Kysely<CartDB>;
  logger: Logger;
  now: () => Date;
  /** Listings as catalog publishes them (packages, prices, stock, delivery methods, author). */
  listings: ListingSource;
  /** Which suppliers have no payout account yet (payments). */
  payoutAccounts: PayoutAccountSource;
  /** The supplier's platform fee on goods, a fraction: its membership plan's (every supplier is on Small until memberships exist). */
  feeRateFor: (supplierId: string) => Promise<number>;
}
