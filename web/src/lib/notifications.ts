/**
 * Unseen notifications for the top bar's bell. Notifications do not exist yet, so the count is 0;
 * the notifications issue replaces the body of this hook (a query on the notifications endpoint)
 * and the bell picks the count up without other changes.
 */
export function useUnseenNotificationCount(): number {
  return 0;
}
