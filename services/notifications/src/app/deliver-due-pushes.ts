import { errorText, PollLoop, type Logger } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { claimDuePushes, dropGoneSubscription, markPushFailed, markPushSent, schedulePushRetry, type ClaimedPush } from '../db/pushes';
import type { NotificationsDB } from '../db/schema';
import { afterFailedAttempt, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from '../domain/delivery';
import { pushOutcome } from '../domain/notifications';
import type { PushSender } from '../push/push-sender';

export interface PushDeliveryDeps {
  db: Kysely<NotificationsDB>;
  sender: PushSender;
  logger: Logger;
  leaseMs: number;
  maxAttempts?: number;
  retryDelayMs?: (failedAttempt: number) => number;
}

async function deliverOne(deps: PushDeliveryDeps, push: ClaimedPush): Promise<boolean> {
  const { db, logger } = deps;
  if (!push.subscription) {
    // Removed (logout, or another push found it gone) after this push was queued.
    await db.updateTable('pushes').set({ state: 'gone', last_error: 'subscription removed' }).where('id', '=', push.id).where('state', '=', 'pending').execute();
    return false;
  }
  let outcome: ReturnType<typeof pushOutcome>;
  let error: string;
  try {
    const { status } = await deps.sender.send(push.subscription, push.payload);
    outcome = pushOutcome(status);
    error = `push service answered ${status}`;
  } catch (err) {
    // Network errors and timeouts: try again later.
    outcome = 'retry';
    error = errorText(err).slice(0, 2000);
  }
  if (outcome === 'sent') {
    await markPushSent(db, push);
    return true;
  }
  if (outcome === 'gone') {
    await dropGoneSubscription(db, push.subscription.endpoint, error);
    logger.info({ pushId: push.id }, 'push subscription gone: dropped');
    return false;
  }
  const next = afterFailedAttempt(push.attempts, outcome === 'failed', { maxAttempts: deps.maxAttempts ?? MAX_DELIVERY_ATTEMPTS, retryDelayMs: deps.retryDelayMs ?? retryDelayMs });
  if (next.state === 'failed') {
    await markPushFailed(db, push, error);
    logger.warn({ pushId: push.id, attempts: push.attempts, error }, 'push failed for good');
  } else {
    await schedulePushRetry(db, push, next.retryInMs, error);
  }
  return false;
}

/** Claim due pushes and send each: sent, retried with backoff, failed, or its subscription dropped (404/410). */
export async function deliverDuePushes(deps: PushDeliveryDeps, batch: number): Promise<{ claimed: number; sent: number }> {
  const claimed = await claimDuePushes(deps.db, batch, deps.leaseMs);
  let sent = 0;
  for (const push of claimed) if (await deliverOne(deps, push)) sent++;
  return { claimed: claimed.length, sent };
}

/** The background loop that sends queued pushes; any number of replicas may run one (claims never overlap). */
export class PushDelivery extends PollLoop {
  constructor(opts: PushDeliveryDeps & { pollMs?: number; batch?: number }) {
    const batch = opts.batch ?? 20;
    super({ name: 'push delivery', logger: opts.logger, pollMs: opts.pollMs ?? 1000, pass: async () => ({ more: (await deliverDuePushes(opts, batch)).claimed === batch }) });
  }
}
