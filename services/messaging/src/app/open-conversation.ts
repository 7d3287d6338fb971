import { AppError, invalidParams, isUuid, type CallContext } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { conversationPair } from '../domain';
import { findOrCreateConversation, orderLinks } from '../db/conversations';
import { requireWriter } from './access';
import type { MessagingDeps } from './deps';
import { ensureParticipants } from './participants';
import { conversationView } from './views';

/** "Message supplier" (or a supplier writing to a buyer): the pair's conversation, created when there is none. */
export async function openConversation(deps: MessagingDeps, ctx: CallContext, req: messaging.OpenConversationRequest): Promise<messaging.OpenConversationResponse> {
  const caller = requireWriter(ctx);
  if (!isUuid(req.otherUserId)) throw invalidParams({ otherUserId: 'validation.invalidValue' });
  if (caller.role !== 'buyer' && caller.role !== 'supplier') throw new AppError('forbidden', { reason: 'only buyers and suppliers converse' });
  const people = await ensureParticipants(deps, deps.db, [caller.userId, req.otherUserId]);
  const other = people.get(req.otherUserId);
  if (!other || other.status === 'deleted') throw new AppError('not-found', { resource: 'user' });
  if (other.status === 'banned') throw new AppError('forbidden', { reason: 'user-banned' });
  const pair = conversationPair({ id: caller.userId, role: caller.role }, { id: other.user_id, role: other.role });
  if (!pair) throw new AppError('forbidden', { reason: 'a conversation is between a buyer and a supplier' });
  const { row, created } = await findOrCreateConversation(deps.db, pair.buyerId, pair.supplierId, deps.now());
  const links = await orderLinks(deps.db, [row.id]);
  return { conversation: conversationView(row, caller.userId, people, links.map((l) => l.order_id)), created };
}
