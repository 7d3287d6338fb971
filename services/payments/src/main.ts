import { runService } from '@caskade/kit';
import { paymentsEnv } from './config';
import { PAYMENTS_MIGRATIONS } from './db/schema';
import { startPayments } from './index';

runService('payments', paymentsEnv, (opts) => startPayments(opts), { migrations: PAYMENTS_MIGRATIONS });
