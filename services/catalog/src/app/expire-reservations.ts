import { PollLoop, withTransaction } from '@caskade/kit';
import { claimDueReservation, dueReservationIds, postponeReservation } from '../db/reservations';
import type { CatalogDeps } from './deps';
import { releaseLocked } from './reservations';

/** How long a reservation whose release failed waits before the sweeper tries it again. */
export const FAILED_RELEASE_RETRY_MS = 5 * 60_000;

/**
 * Release reservations whose checkout never finished, each in its own transaction: one row that
 * fails (bad data, a lock timeout) is logged and pushed back by FAILED_RELEASE_RETRY_MS, and the
 * sweep goes on with the rest. Each row is claimed with FOR UPDATE SKIP LOCKED and re-checked
 * (still reserved, still due), so any number of replicas may sweep and each reservation is
 * released once. Answers how many were released.
 */
export async function expireReservations(deps: CatalogDeps, batch = 50): Promise<number> {
  return (await sweepReservations(deps, batch)).released;
}

/**
 * One sweep. `more` (sweep again at once) only when the batch was full and made progress: a batch
 * of rows that another replica holds (skipped) or whose release and postponement both fail would
 * otherwise be selected again at once, in a loop without pause.
 */
export async function sweepReservations(deps: CatalogDeps, batch: number): Promise<{ released: number; due: number; more: boolean }> {
  const due = await dueReservationIds(deps.db, deps.now(), batch);
  let released = 0;
  for (const id of due) {
    try {
      const done = await withTransaction(deps.db, async (trx) => {
        const row = await claimDueReservation(trx, id, deps.now());
        if (!row) return false;
        await releaseLocked(trx, row, deps.now());
        return true;
      });
      if (done) released += 1;
    } catch (err) {
      deps.logger.warn({ err, reservationId: id }, 'could not release an expired reservation; trying again later');
      await postponeReservation(deps.db, id, new Date(deps.now().getTime() + FAILED_RELEASE_RETRY_MS), deps.now()).catch((retryErr: unknown) => deps.logger.warn({ err: retryErr, reservationId: id }, 'could not postpone a failed reservation release'));
    }
  }
  if (released > 0) deps.eventsWritten();
  return { released, due: due.length, more: released > 0 && due.length === batch };
}

/** The sweeper loop (a full batch that released something sweeps again at once); stop() waits for a sweep in progress. */
export function startReservationSweeper(deps: CatalogDeps, everyMs = 30_000, batch = 50): { stop(): Promise<void> } {
  const loop = new PollLoop({
    name: 'reservation sweep',
    logger: deps.logger,
    pollMs: everyMs,
    pass: async () => ({ more: (await sweepReservations(deps, batch)).more }),
  });
  loop.start();
  return loop;
}
