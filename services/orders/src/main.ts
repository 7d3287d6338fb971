import { runService } from '@caskade/kit';
import { ordersEnv } from './config';
import { startOrders } from './index';

runService('orders', ordersEnv, (opts) => startOrders(opts));
