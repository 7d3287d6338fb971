import { enqueueEvent } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { preview, shownName, type MessageKind } from '../domain';
import { recordMessage, type ConversationRow } from '../db/conversations';
import { insertMessage } from '../db/messages';
import { findParticipants } from '../db/participants';
import type { Db } from '../db/schema';
import { MessageSent } from '../events/registry';
import { messageView } from './views';

export interface PostMessage {
  conversation: ConversationRow;
  senderId: string;
  content: string;
  kind: MessageKind;
  transactionId: string | null;
  /** The platform's messages: each key is posted once. */
  dedupKey?: string;
  now: Date;
}

/**
 * Writes a message, the conversation's last message and the recipient's unseen position, and the
 * messaging.message.sent event, in the caller's transaction. Undefined when the dedup key was used.
 */
export async function postMessage(trx: Db, m: PostMessage): Promise<messaging.Message | undefined> {
  const c = m.conversation;
  const row = await insertMessage(trx, { conversationId: c.id, senderId: m.senderId, content: m.content, kind: m.kind, transactionId: m.transactionId, dedupKey: m.dedupKey ?? null }, m.now);
  if (!row) return undefined;
  await recordMessage(trx, c, m.senderId, row.seq, m.now, preview(m.content));
  const [sender] = await findParticipants(trx, [m.senderId]);
  const message = messageView(row);
  await enqueueEvent(trx, MessageSent, {
    aggregateId: c.id,
    aggregateVersion: message.seq,
    data: {
      messageId: message.id,
      conversationId: c.id,
      senderId: m.senderId,
      recipientId: m.senderId === c.buyer_id ? c.supplier_id : c.buyer_id,
      content: message.content,
      createdAt: message.createdAt,
      transactionId: message.transactionId,
      seq: message.seq,
      kind: message.kind,
      senderName: sender ? shownName(sender.name, sender.status) : '',
    },
  });
  return message;
}
