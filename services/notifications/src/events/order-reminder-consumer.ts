import type { SubscribeOptions } from '@caskade/kit';
import { queueReminderEmail } from '../app/queue-reminder-email';
import type { OrderEmailDeps } from '../app/queue-order-emails';
import { OrderReminderConsumer } from './registry';

/** orders.order.reminder: the reminder email to the buyer or the supplier, once per event. */
export function orderReminderConsumer(deps: OrderEmailDeps & { queued: () => void }): SubscribeOptions {
  return OrderReminderConsumer.handle(async (event) => {
    if ((await queueReminderEmail(deps, OrderReminderConsumer.name, event)) > 0) deps.queued();
  });
}
