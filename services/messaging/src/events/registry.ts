import { defineConsumer, defineEvent } from '@caskade/kit';
import { messagingEvents } from '@caskade/proto';
import { UserDeleted, UserProfileChanged, UserSignedUp } from '@caskade/identity/events';
import { OrderTransitioned } from '@caskade/orders/events';

/** The messaging service's events: each subject is written here once (docs/events.md lists them). */
export const MessageSent = defineEvent('messaging.message.sent', messagingEvents.MessageSent);

export const MESSAGING_EVENTS = [MessageSent] as const;

/** Orders link to their pair's conversation; purchase sends the default order message, a dispute its reason. */
export const OrderMessagesConsumer = defineConsumer('messaging-orders', [OrderTransitioned]);
/** Names and deletions of accounts, shown in existing conversations. */
export const ParticipantsConsumer = defineConsumer('messaging-participants', [UserSignedUp, UserProfileChanged, UserDeleted]);

export const MESSAGING_CONSUMERS = [OrderMessagesConsumer, ParticipantsConsumer] as const;
