import type { CallContext } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { orderLinks } from '../db/conversations';
import { findParticipants } from '../db/participants';
import { readableConversation } from './access';
import type { MessagingDeps } from './deps';
import { conversationView } from './views';

/** One conversation for a participant, or read-only for the operator while an order in it is disputed. */
export async function getConversation(deps: MessagingDeps, ctx: CallContext, req: messaging.GetConversationRequest): Promise<messaging.GetConversationResponse> {
  const { caller, row, access } = await readableConversation(deps.db, ctx, req.conversationId);
  const people = new Map((await findParticipants(deps.db, [row.buyer_id, row.supplier_id])).map((p) => [p.user_id, p]));
  const links = await orderLinks(deps.db, [row.id]);
  return { conversation: conversationView(row, caller.userId, people, links.map((l) => l.order_id)), readOnly: access !== 'participant' };
}
