import { runService } from '@caskade/kit';
import { messagingEnv } from './config';
import { startMessaging } from './index';

runService('messaging', messagingEnv, (opts) => startMessaging(opts));
