import { requireCaller, type CallContext } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { hasSubscription } from '../db/pushes';
import type { NotificationsDB } from '../db/schema';

/** Whether this browser's subscription is saved for the caller (false once the push service reported it gone). */
export async function checkPushSubscription(db: Kysely<NotificationsDB>, ctx: CallContext, endpoint: string): Promise<boolean> {
  return hasSubscription(db, requireCaller(ctx).userId, endpoint);
}
