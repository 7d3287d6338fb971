import type { SubscribeOptions } from '@caskade/kit';
import { queueOrderEmails, type OrderEmailDeps } from '../app/queue-order-emails';
import { OrderEmailConsumer } from './registry';

/** orders.order.transitioned: the buyer's and the supplier's order emails, once per event. */
export function orderEmailConsumer(deps: OrderEmailDeps & { queued: () => void }): SubscribeOptions {
  return OrderEmailConsumer.handle(async (event) => {
    const queued = await queueOrderEmails(deps, OrderEmailConsumer.name, event);
    if (queued > 0) {
      deps.logger.info({ eventId: event.id, orderId: event.data.orderId, queued }, 'order emails queued');
      deps.queued();
    }
  });
}
