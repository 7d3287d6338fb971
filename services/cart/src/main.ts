import { runService } from '@caskade/kit';
import { cartEnv } from './config';
import { CART_MIGRATIONS } from './db/schema';
import { startCart } from './index';

runService('cart', cartEnv, (opts) => startCart(opts), { migrations: CART_MIGRATIONS });
