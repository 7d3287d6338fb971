import type { Logger, RateLimiter } from '@caskade/kit';
import type { Kysely } from 'kysely';
import type { MessagingDB } from '../db/schema';
import type { Directory } from './directory';

export interface MessagingDeps {
  db: Kysely<MessagingDB>;
  logger: Logger;
  now: () => Date;
  /** Accounts as identity knows them (role, names, banned, deleted), for people messaging has not heard of yet. */
  directory: Directory;
  /** Messages per sender per minute. */
  sendLimiter: RateLimiter;
  /** Publish committed events promptly. */
  wakeOutbox: () => void;
}
