import { runService } from '@caskade/kit';
import { cartEnv } from './config';
import { startCart } from './index';

runService('cart', cartEnv, (opts) => startCart(opts));
