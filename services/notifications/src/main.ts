import { runService } from '@caskade/kit';
import { notificationsEnv } from './config';
import { NOTIFICATIONS_MIGRATIONS } from './db/schema';
import { startNotifications } from './index';

runService('notifications', notificationsEnv, (opts) => startNotifications(opts), { migrations: NOTIFICATIONS_MIGRATIONS });
