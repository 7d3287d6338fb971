import { requireCaller, type CallContext } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { findNotifications, type NotificationRow } from '../db/notifications';
import type { NotificationsDB } from '../db/schema';
import { NOTIFICATIONS_PAGE_SIZE } from '../domain/notifications';

/** The caller's own notifications, newest first, and how many are unseen: nobody reads another's. */
export async function listNotifications(db: Kysely<NotificationsDB>, ctx: CallContext, limit: number): Promise<{ rows: NotificationRow[]; unseen: number }> {
  const caller = requireCaller(ctx);
  return findNotifications(db, caller.userId, Math.min(Math.max(limit, 1), NOTIFICATIONS_PAGE_SIZE));
}
