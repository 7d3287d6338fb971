import { runService } from '@caskade/kit';
import { ordersEnv } from './config';
import { ORDERS_MIGRATIONS } from './db/schema';
import { startOrders } from './index';

runService('orders', ordersEnv, (opts) => startOrders(opts), { migrations: ORDERS_MIGRATIONS });
