import { PollLoop, withTransaction } from '@caskade/kit';
import type { CatalogDeps } from './deps';
import { releaseLocked, type ReservationRow } from './reservations';

/**
 * Release reservations whose checkout never finished. Rows are claimed with FOR UPDATE SKIP
 * LOCKED, so any number of replicas may sweep and each reservation is released once.
 */
export async function expireReservations(deps: CatalogDeps, batch = 50): Promise<number> {
  const released = await withTransaction(deps.db, async (trx) => {
    const due: ReservationRow[] = await trx
      .selectFrom('stock_reservations')
      .selectAll()
      .where('state', '=', 'reserved')
      .where('expires_at', '<=', deps.now())
      .orderBy('expires_at')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of due) await releaseLocked(trx, row, deps.now());
    return due.length;
  });
  if (released > 0) deps.eventsWritten();
  return released;
}

/** The sweeper loop (a full batch sweeps again at once); stop() waits for a sweep in progress. */
export function startReservationSweeper(deps: CatalogDeps, everyMs = 30_000, batch = 50): { stop(): Promise<void> } {
  const loop = new PollLoop({
    name: 'reservation sweep',
    logger: deps.logger,
    pollMs: everyMs,
    pass: async () => ({ more: (await expireReservations(deps, batch)) === batch }),
  });
  loop.start();
  return loop;
}
