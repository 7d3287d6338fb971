import type { CallerGuard, Logger, SigningKey } from '@caskade/kit';
import type { Kysely } from 'kysely';
import type { IdentityDB } from '../db/schema';
import type { PasswordHasher } from './passwords';

export interface IdentityDeps {
  db: Kysely<IdentityDB>;
  /** The Ed25519 key access tokens are signed with (docs/decisions/053): identity's alone. */
  accessSigningKey: SigningKey;
  passwords: PasswordHasher;
  logger: Logger;
  now: () => Date;
  /** The kit's caller guard: forgotten answers after a revocation take effect in this process at once. */
  guard: Pick<CallerGuard, 'forget'>;
  /** Called after a transaction that wrote events commits: wakes the outbox relay. */
  eventsWritten: () => void;
}
