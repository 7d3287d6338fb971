import { runService } from '@caskade/kit';
import { messagingEnv } from './config';
import { MESSAGING_MIGRATIONS } from './db/schema';
import { startMessaging } from './index';

runService('messaging', messagingEnv, (opts) => startMessaging(opts), { migrations: MESSAGING_MIGRATIONS });
