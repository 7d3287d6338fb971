/**
 * The bell's notifications (GET /api/notifications/fetch-notifications, PUT …/update-seen-notification):
 * fetched when the page loads, when the tab regains focus and every minute, and at once when the
 * service worker or the event stream says a new one arrived.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationView, NotificationsView } from '@caskade/gateway/contract';
import { api } from './client';

export type { NotificationView, NotificationsView } from '@caskade/gateway/contract';

export const notificationKeys = { all: ['notifications'] as const };

const REFRESH_MS = 60_000;

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: () => api<NotificationsView>('GET', '/api/notifications/fetch-notifications'),
    enabled,
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
    staleTime: 5_000,
  });
}

/** Marks one seen; the list shows it seen at once (the server's answer confirms). */
export function useMarkNotificationSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<NotificationView>('PUT', '/api/notifications/update-seen-notification', { notificationId: id }),
    onMutate: (id) => {
      client.setQueryData<NotificationsView>(notificationKeys.all, (old) => {
        if (!old) return old;
        const target = old.notifications.find((n) => n.id === id);
        if (!target || target.seen) return old;
        return { unseenCount: Math.max(0, old.unseenCount - 1), notifications: old.notifications.map((n) => (n.id === id ? { ...n, seen: true } : n)) };
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
