import { runService } from '@caskade/kit';
import { identityEnv } from './config';
import { IDENTITY_MIGRATIONS } from './db/schema';
import { startIdentity } from './index';

runService('identity', identityEnv, (opts) => startIdentity(opts), { migrations: IDENTITY_MIGRATIONS });
