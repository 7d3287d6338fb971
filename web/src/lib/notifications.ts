/**
 * The bell's data for the top bar: the signed-in user's notifications, refreshed on load, focus,
 * every minute, and at once when the event stream (`notification`) or the service worker (a push)
 * reports a new one.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys, useNotifications } from '../api/notifications';
import { useStreamEvent } from './eventStream';
import { checkPushSubscription, onServiceWorkerPush } from './push';

export function useBellNotifications(signedIn: boolean) {
  const client = useQueryClient();
  const query = useNotifications(signedIn);
  // The tab's event stream says a notification was made (the gateway's `notification` event).
  useStreamEvent('notification', () => void client.invalidateQueries({ queryKey: notificationKeys.all }));
  useEffect(() => {
    if (!signedIn) return undefined;
    void checkPushSubscription().catch(() => undefined);
    return onServiceWorkerPush(() => void client.invalidateQueries({ queryKey: notificationKeys.all }));
  }, [signedIn, client]);
  return query;
}

