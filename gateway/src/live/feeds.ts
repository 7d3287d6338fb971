/**
 * What reaches the event stream: bus events turned into stream events for the users they concern
 * (feeds), and the channels a reconnecting stream catches up on (replay sources).
 *
 * To push a new kind (e.g. the bell's `notification`): add a LiveFeed for the owning service's
 * event to `liveFeeds` — every gateway replica receives the event by broadcast and pushes it to
 * that user's open streams. Give it a channel and a ReplaySource if a reconnect must not miss one.
 */
import type { CallContext, EventDefinition, EventEnvelope, PayloadOf } from '@caskade/kit';
import { MessageSent } from '@caskade/messaging/events';
import { NotificationCreated } from '@caskade/notifications/events';
import type { messaging } from '@caskade/proto';
import type { GatewayClients } from '../clients';
import type { MessageStreamData } from '../contract';
import type { StreamEvent } from './hub';

export interface LiveFeed<D extends EventDefinition = EventDefinition> {
  event: D;
  /** The stream events one bus event makes, each for one user. */
  toStream(data: PayloadOf<D>, envelope: EventEnvelope): Array<{ userId: string; event: StreamEvent }>;
}

export interface ReplaySource {
  channel: string;
  /** Where a new stream starts on this channel for the caller. */
  head(call: CallContext): Promise<number>;
  /** The caller's events after a position, oldest first. */
  after(call: CallContext, position: number): Promise<StreamEvent[]>;
}

/** Keeps a feed's payload type tied to its event definition. */
export const liveFeed = <D extends EventDefinition>(feed: LiveFeed<D>): LiveFeed => feed as unknown as LiveFeed;

/** The messages channel: `m`, positions are the messaging service's message seq. */
export const MESSAGES_CHANNEL = 'm';

const messageEvent = (data: MessageStreamData): StreamEvent => ({ type: 'message', data, at: { channel: MESSAGES_CHANNEL, position: data.message.seq } });

function messageData(m: messaging.Message, senderName: string, recipientId: string): MessageStreamData {
  return {
    conversationId: m.conversationId,
    senderName,
    recipientId,
    message: { id: m.id, conversationId: m.conversationId, senderId: m.senderId, content: m.content, createdAt: m.createdAt, transactionId: m.transactionId, seq: m.seq, kind: m.kind },
  };
}

export function liveFeeds(): LiveFeed[] {
  return [
    liveFeed({
      event: MessageSent,
      toStream: (d) => {
        const event = messageEvent(
          messageData(
            { id: d.messageId, conversationId: d.conversationId, senderId: d.senderId, content: d.content, createdAt: d.createdAt, transactionId: d.transactionId, seq: d.seq, kind: d.kind },
            d.senderName,
            d.recipientId,
          ),
        );
        // Both sides: the recipient sees it arrive, the sender's other tabs see what it sent.
        return [d.recipientId, d.senderId].filter((id, i, all) => id !== '' && all.indexOf(id) === i).map((userId) => ({ userId, event }));
      },
    }),
    // The bell: a new notification for its user's open tabs (no channel: one missed while away shows at the bell's next refresh — focus, each minute).
    liveFeed({
      event: NotificationCreated,
      toStream: (d) => (d.userId === '' ? [] : [{ userId: d.userId, event: { type: 'notification', data: { id: d.notificationId, kind: d.kind, path: d.path } } }]),
    }),
  ];
}

const REPLAY_LIMIT = 500;

export function replaySources(clients: GatewayClients): ReplaySource[] {
  return [
    {
      channel: MESSAGES_CHANNEL,
      head: async (call) => (await clients.messaging.listMessagesSince({ afterSeq: Number.MAX_SAFE_INTEGER, limit: 1 }, call)).headSeq,
      after: async (call, position) => {
        const out = await clients.messaging.listMessagesSince({ afterSeq: position, limit: REPLAY_LIMIT }, call);
        const me = call.caller?.userId ?? '';
        // A stream that was away so long that more is missed than one answer holds: the page reloads its data anyway.
        return out.messages.map((m) => messageEvent(messageData(m, '', m.senderId === me ? '' : me)));
      },
    },
  ];
}
