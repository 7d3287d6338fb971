import { runService } from '@caskade/kit';
import { paymentsEnv } from './config';
import { startPayments } from './index';

runService('payments', paymentsEnv, (opts) => startPayments(opts));
