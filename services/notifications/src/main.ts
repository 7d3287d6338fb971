import { runService } from '@caskade/kit';
import { notificationsEnv } from './config';
import { startNotifications } from './index';

runService('notifications', notificationsEnv, (opts) => startNotifications(opts));
