import { AppError, requireCaller, type CallContext } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { markNotificationSeen as markSeen, type NotificationRow } from '../db/notifications';
import type { NotificationsDB } from '../db/schema';

/** Mark one of the caller's notifications seen (again is fine); another's is not-found, as if it did not exist. */
export async function markNotificationSeen(db: Kysely<NotificationsDB>, ctx: CallContext, notificationId: string): Promise<NotificationRow> {
  const caller = requireCaller(ctx);
  const row = await markSeen(db, caller.userId, notificationId);
  if (!row) throw new AppError('not-found', { resource: 'notification' });
  return row;
}
