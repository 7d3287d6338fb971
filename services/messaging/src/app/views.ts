import type { messaging } from '@caskade/proto';
import { shownName } from '../domain';
import type { ConversationRow } from '../db/conversations';
import type { MessageRow } from '../db/messages';
import type { ParticipantRow } from '../db/participants';

export function participantView(id: string, p: ParticipantRow | undefined): messaging.Participant {
  const status = p?.status ?? 'active';
  return { id, role: p?.role ?? '', name: shownName(p?.name ?? '', status), banned: status === 'banned', deleted: status === 'deleted' };
}

/** A conversation as `viewerId` sees it (for the operator, the supplier is the "other" side). */
export function conversationView(c: ConversationRow, viewerId: string, people: Map<string, ParticipantRow>, transactionIds: string[]): messaging.Conversation {
  const buyer = participantView(c.buyer_id, people.get(c.buyer_id));
  const supplier = participantView(c.supplier_id, people.get(c.supplier_id));
  const isBuyer = viewerId === c.buyer_id;
  const isSupplier = viewerId === c.supplier_id;
  const seen = isBuyer ? Number(c.buyer_incoming_seq) <= Number(c.buyer_seen_seq) : isSupplier ? Number(c.supplier_incoming_seq) <= Number(c.supplier_seen_seq) : true;
  return {
    id: c.id,
    seen,
    otherUser: isBuyer ? supplier : isSupplier ? buyer : supplier,
    buyer,
    supplier,
    lastMessageAt: new Date(c.last_message_at).toISOString(),
    lastMessagePreview: c.last_message_preview,
    transactionIds,
    createdAt: new Date(c.created_at).toISOString(),
  };
}

export function messageView(m: MessageRow): messaging.Message {
  return {
    id: m.id,
    conversationId: m.conversation_id,
    senderId: m.sender_id,
    content: m.content,
    createdAt: new Date(m.created_at).toISOString(),
    transactionId: m.transaction_id ?? '',
    seq: Number(m.seq),
    kind: m.kind,
  };
}
