/**
 * The bell's data for the top bar: the signed-in user's notifications, refreshed on load, focus,
 * every minute, and when the service worker or the event stream reports a new one.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys, useNotifications } from '../api/notifications';
import { checkPushSubscription, onServiceWorkerPush, registerServiceWorker } from './push';

export function useBellNotifications(signedIn: boolean) {
  const client = useQueryClient();
  const query = useNotifications(signedIn);
  useEffect(() => {
    registerServiceWorker();
    if (!signedIn) return undefined;
    void checkPushSubscription().catch(() => undefined);
    return onServiceWorkerPush(() => void client.invalidateQueries({ queryKey: notificationKeys.all }));
  }, [signedIn, client]);
  return query;
}

