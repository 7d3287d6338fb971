/** en-AU wording of the top bar's notification panel (the notifications' own lines come from the notifications domain). */
export const notificationsUi = {
  heading: 'Notifications',
  loading: 'Loading notifications…',
  error: 'We couldn’t load your notifications. Please try again.',
  retry: 'Try again',
  empty: 'No notifications yet. Order updates and new messages show up here.',
  unseen: 'Unseen',
  pushOff: 'Get notified on this device, even when Caskade is closed.',
  pushEnable: 'Turn on push notifications',
  pushEnabling: 'Turning on…',
  pushDenied: 'Push notifications are blocked in your browser settings.',
  pushFailed: 'Push notifications could not be turned on. Please try again.',
} as const;
