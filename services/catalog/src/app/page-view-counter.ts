/**
 * Page views counted in memory and written in batches (docs/decisions/058): a listing read costs
 * no write; every FLUSH_EVERY_MS (and on stop) one statement adds what was counted, per listing and
 * Australian day. A crash loses at most that window's views — analytics, not money.
 */
import { PollLoop, type Logger } from '@caskade/kit';
import { addPageViews, type PageViewCount } from '../db/page-views';
import type { Db } from '../db/schema';

export const PAGE_VIEWS_FLUSH_EVERY_MS = 2000;
/** Listing-days held at most between flushes; past it a flush starts at once. */
const MAX_PENDING = 10_000;

const dayInAustralia = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne', year: 'numeric', month: '2-digit', day: '2-digit' });

export interface PageViewCounter {
  /** Counts one view (or `views`) of the listing at `at` (by the Australian day). */
  count(listingId: string, at: Date, views?: number): void;
  /** Writes what was counted so far. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function startPageViewCounter(db: Db, logger: Logger, everyMs = PAGE_VIEWS_FLUSH_EVERY_MS): PageViewCounter {
  let pending = new Map<string, PageViewCount>();
  const flush = async (): Promise<void> => {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await addPageViews(db, batch);
    } catch (err) {
      // Given back to the next flush (added to what arrived meanwhile), so a database blip loses nothing.
      for (const c of batch) {
        const key = `${c.listingId}|${c.day}`;
        const now = pending.get(key);
        pending.set(key, { ...c, views: c.views + (now?.views ?? 0) });
      }
      throw err;
    }
  };
  const loop = new PollLoop({ name: 'page view counter', logger, pollMs: everyMs, pass: async () => (await flush(), { more: false }) });
  loop.start();
  return {
    count(listingId, at, views = 1) {
      const day = dayInAustralia.format(at);
      const key = `${listingId}|${day}`;
      const now = pending.get(key);
      if (now) now.views += views;
      else pending.set(key, { listingId, day, views });
      if (pending.size >= MAX_PENDING) loop.wake();
    },
    flush,
    async stop() {
      await loop.stop();
      await flush().catch((err: unknown) => logger.warn({ err }, 'page views not recorded at stop'));
    },
  };
}
