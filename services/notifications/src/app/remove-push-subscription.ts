import { requireCaller, type CallContext } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { removeSubscription } from '../db/pushes';
import type { NotificationsDB } from '../db/schema';

/** Stop pushing to this browser (logout, or the user turned pushes off); only the caller's own. */
export async function removePushSubscription(db: Kysely<NotificationsDB>, ctx: CallContext, endpoint: string): Promise<boolean> {
  return removeSubscription(db, requireCaller(ctx).userId, endpoint);
}
