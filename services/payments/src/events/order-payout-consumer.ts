import type { SubscribeOptions } from '@caskade/kit';
import { decideOrderPayoutOnTransition } from '../app/decide-order-payout';
import type { PaymentsDeps } from '../app/deps';
import { OrderPayoutConsumer } from './registry';

/** orders.order.transitioned: a completed order releases its supplier's transfer, a canceled one drops it. */
export function orderPayoutConsumer(deps: PaymentsDeps): SubscribeOptions {
  return OrderPayoutConsumer.handle((event) => decideOrderPayoutOnTransition(deps, OrderPayoutConsumer.name, event));
}
