import type { SubscribeOptions } from '@caskade/kit';
import { notifyNewMessage, type MessageNotificationDeps } from '../app/notify-new-message';
import { MessageNotificationConsumer } from './registry';

/** messaging.message.sent: the recipient's newMessage notification, once per event. */
export function messageNotificationConsumer(deps: MessageNotificationDeps): SubscribeOptions {
  return MessageNotificationConsumer.handle(async (event) => {
    await notifyNewMessage(deps, MessageNotificationConsumer.name, event);
  });
}
