import { PollLoop } from '@caskade/kit';
import { findCheckout } from '../db/checkouts';
import { claimDueTimers, markFired, postponeTimer, type TimerRow } from '../db/timers';
import type { OrdersDeps } from './deps';
import { EXPIRE_CHECKOUT, TERM_CHARGE } from './complete-checkout';
import { chargeTermOrder } from './charge-term-order';
import { endCheckout } from './end-checkout';
import { REMINDER_TIMER_PREFIX, TRANSITION_TIMER_PREFIX } from './order-timers';
import { fireTransition, sendReminder } from './automatic-steps';

/** How long a claimed timer is held before another replica may fire it again (the holder died). */
export const TIMER_LEASE_MS = 60_000;
const RETRY_MS = 30_000;

/** After a failed fire: 2 s, 4 s, 8 s … up to 5 minutes. */
export const failedTimerDelayMs = (attempts: number): number => Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);

async function fire(deps: OrdersDeps, timer: TimerRow): Promise<void> {
  if (timer.kind === EXPIRE_CHECKOUT) {
    const out = await endCheckout(deps, timer.subject_id, 'expired', { actor: 'system', actorId: '' }, { onlyIfDue: true });
    if (out === 'unchanged') {
      // A direct debit still processing: look again later; its payment event usually ends it first.
      // A checkout whose window moved on (paid again by bank transfer) is looked at when it ends.
      const row = await findCheckout(deps.db, timer.subject_id);
      if (row?.state === 'pending') {
        const retryAt = deps.now().getTime() + RETRY_MS;
        await postponeTimer(deps.db, timer.id, new Date(Math.max(retryAt, row.expires_at ? new Date(row.expires_at).getTime() : 0)));
        return;
      }
    }
  } else if (timer.kind === TERM_CHARGE) {
    await chargeTermOrder(deps, timer.subject_id);
  } else if (timer.kind.startsWith(TRANSITION_TIMER_PREFIX)) {
    await fireTransition(deps, timer.subject_id, timer.kind.slice(TRANSITION_TIMER_PREFIX.length));
  } else if (timer.kind.startsWith(REMINDER_TIMER_PREFIX)) {
    await sendReminder(deps, timer, timer.kind.slice(REMINDER_TIMER_PREFIX.length));
  }
  await markFired(deps.db, timer.id, deps.now());
}

/** One pass: claim due timers (FOR UPDATE SKIP LOCKED with a lease) and fire each; failures wait for the lease. */
export async function runDueTimers(deps: OrdersDeps, batch = 20): Promise<{ fired: number; more: boolean }> {
  const due = await claimDueTimers(deps.db, deps.now(), TIMER_LEASE_MS, batch);
  let fired = 0;
  for (const timer of due) {
    try {
      await fire(deps, timer);
      fired += 1;
    } catch (err) {
      // A service it calls is down (restarting, say): try again soon, sooner than the lease would.
      const retryAt = new Date(deps.now().getTime() + failedTimerDelayMs(timer.attempts));
      deps.logger.warn({ err, timerId: timer.id, kind: timer.kind, subjectId: timer.subject_id, retryAt }, 'timer failed; it fires again later');
      await postponeTimer(deps.db, timer.id, retryAt).catch((postponeErr: unknown) => deps.logger.warn({ err: postponeErr, timerId: timer.id }, 'timer not postponed; it fires again when its lease ends'));
    }
  }
  return { fired, more: due.length === batch && fired > 0 };
}

export function startTimers(deps: OrdersDeps, everyMs: number): PollLoop {
  const loop = new PollLoop({ name: 'order timers', logger: deps.logger, pollMs: everyMs, pass: async () => ({ more: (await runDueTimers(deps)).more }) });
  loop.start();
  return loop;
}
