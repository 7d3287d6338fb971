import { AppError, invalidParams, isUuid, type CallContext, type Caller } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { conversationPair, messageContent } from '../domain';
import { findConversation, findOrCreateConversation, findOrderLink, linkOrder, type ConversationRow } from '../db/conversations';
import { readableConversation, requireWriter } from './access';
import type { MessagingDeps } from './deps';
import { ensureParticipants } from './participants';
import { postMessage } from './post-message';

function contentOf(raw: string): string {
  const parsed = messageContent.safeParse(raw);
  if (!parsed.success) throw invalidParams({ content: parsed.error.issues[0]?.message ?? 'validation.invalidValue' });
  return parsed.data;
}

/** A sender is limited to so many messages a minute (429 too-many-requests). */
async function takeSendAllowance(deps: MessagingDeps, caller: Caller): Promise<void> {
  const decision = await deps.sendLimiter.consume(caller.userId);
  if (!decision.allowed) throw new AppError('too-many-requests', { retryAfterSeconds: decision.retryAfterSeconds });
}

async function post(deps: MessagingDeps, caller: Caller, conversation: ConversationRow, content: string, transactionId: string | null): Promise<messaging.SendMessageResponse> {
  const other = caller.userId === conversation.buyer_id ? conversation.supplier_id : conversation.buyer_id;
  const people = await ensureParticipants(deps, deps.db, [caller.userId, other]);
  const recipient = people.get(other);
  if (recipient?.status === 'deleted') throw new AppError('forbidden', { reason: 'account-deleted' });
  await takeSendAllowance(deps, caller);
  const message = await deps.db.transaction().execute((trx) => postMessage(trx, { conversation, senderId: caller.userId, content, kind: 'text', transactionId, now: deps.now() }));
  deps.wakeOutbox();
  return { message, conversationId: conversation.id };
}

/** A participant posts into a conversation (conversationId) or into the conversation of one of its orders (transactionId). */
export async function sendMessage(deps: MessagingDeps, ctx: CallContext, req: messaging.SendMessageRequest): Promise<messaging.SendMessageResponse> {
  const caller = requireWriter(ctx);
  if ((req.conversationId === '') === (req.transactionId === '')) throw invalidParams({ conversationId: 'validation.oneOfConversationOrTransaction' });
  const content = contentOf(req.content);
  if (req.conversationId !== '') {
    const { row, access } = await readableConversation(deps.db, ctx, req.conversationId);
    if (access !== 'participant') throw new AppError('forbidden', { reason: 'read only' });
    return post(deps, caller, row, content, null);
  }
  if (!isUuid(req.transactionId)) throw invalidParams({ transactionId: 'validation.invalidValue' });
  const link = await findOrderLink(deps.db, req.transactionId);
  const row = link ? await findConversation(deps.db, link.conversation_id) : undefined;
  if (!row || (row.buyer_id !== caller.userId && row.supplier_id !== caller.userId)) throw new AppError('not-found', { resource: 'transaction' });
  return post(deps, caller, row, content, req.transactionId);
}

/**
 * Services only (orders' enquiry): the caller writes about an order whose parties the calling
 * service vouches for; the order is linked to the pair's conversation (created when there is none).
 */
export async function sendTransactionMessage(deps: MessagingDeps, ctx: CallContext, req: messaging.SendTransactionMessageRequest): Promise<messaging.SendTransactionMessageResponse> {
  const caller = requireWriter(ctx);
  // A service vouches for the order's parties; the gateway (a person's request) may not (ADR 053 tells them apart).
  if (ctx.service === 'gateway') throw new AppError('forbidden', { reason: 'services only' });
  for (const [field, id] of Object.entries({ transactionId: req.transactionId, customerId: req.customerId, providerId: req.providerId })) {
    if (!isUuid(id)) throw invalidParams({ [field]: 'validation.invalidValue' });
  }
  if (caller.userId !== req.customerId && caller.userId !== req.providerId) throw new AppError('forbidden', { reason: 'not a party of the order' });
  const content = contentOf(req.content);
  const people = await ensureParticipants(deps, deps.db, [req.customerId, req.providerId]);
  const buyer = people.get(req.customerId);
  const supplier = people.get(req.providerId);
  const pair = buyer && supplier ? conversationPair({ id: buyer.user_id, role: buyer.role }, { id: supplier.user_id, role: supplier.role }) : null;
  if (!pair || pair.buyerId !== req.customerId) throw new AppError('forbidden', { reason: 'a conversation is between a buyer and a supplier' });
  const { row } = await findOrCreateConversation(deps.db, pair.buyerId, pair.supplierId, deps.now());
  const existing = await findOrderLink(deps.db, req.transactionId);
  if (existing && existing.conversation_id !== row.id) throw new AppError('forbidden', { reason: 'the order belongs to another pair' });
  if (!existing) await linkOrder(deps.db, req.transactionId, row.id, '', '', deps.now());
  return post(deps, caller, row, content, req.transactionId);
}
