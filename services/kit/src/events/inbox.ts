import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventEnvelope } from './types';

/**
 * Apply an event's effect at most once per consumer: the inbox marker (consumer, event id) and
 * the effect commit in one transaction. Returns false when this consumer already processed the
 * event (a redelivery), true when the effect ran and committed. If the effect throws, nothing is
 * committed and the error propagates, so the bus redelivers.
 * On PostgreSQL a concurrent duplicate waits on the marker row and then sees it: one wins.
 * Inside `effect`, use only `trx` (on PGlite the transaction holds the only connection).
 */
export async function consumeOnce<DB>(db: Kysely<DB>, consumer: string, event: EventEnvelope, effect: (trx: Transaction<DB>) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await sql`
      insert into processed_events (consumer, event_id) values (${consumer}, ${event.id})
      on conflict (consumer, event_id) do nothing
    `.execute(trx);
    if (!marked.numAffectedRows) return false;
    await effect(trx);
    return true;
  });
}
