import { runService } from '@caskade/kit';
import { identityEnv } from './config';
import { startIdentity } from './index';

runService('identity', identityEnv, (opts) => startIdentity(opts));
