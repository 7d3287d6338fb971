import { AppError, invalidParams, isUuid, type CallContext } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { conversationPair, defaultOrderMessage } from '../domain';
import { findConversation, findOrCreateConversation, findOrderLink, linkOrder } from '../db/conversations';
import type { Db } from '../db/schema';
import { requireWriter } from './access';
import type { MessagingDeps } from './deps';
import { ensureParticipants } from './participants';
import { postMessage } from './post-message';

export interface DefaultMessageOrder {
  orderId: string;
  orderNumber: string;
  customerId: string;
  providerId: string;
  state: string;
}

/**
 * The default order message from the buyer to the supplier of a purchased order, in the pair's
 * conversation (created when there is none), linking the order: once per order however often asked.
 */
export async function postDefaultMessage(deps: MessagingDeps, trx: Db, order: DefaultMessageOrder): Promise<{ message: messaging.Message | undefined; conversationId: string }> {
  const people = await ensureParticipants(deps, trx, [order.customerId, order.providerId]);
  const buyer = people.get(order.customerId);
  const supplier = people.get(order.providerId);
  const pair = buyer && supplier ? conversationPair({ id: buyer.user_id, role: buyer.role }, { id: supplier.user_id, role: supplier.role }) : null;
  if (!pair || pair.buyerId !== order.customerId) throw new AppError('validation-invalid-params', { fields: { providerId: 'validation.invalidValue' } });
  const { row } = await findOrCreateConversation(trx, pair.buyerId, pair.supplierId, deps.now());
  await linkOrder(trx, order.orderId, row.id, order.orderNumber, order.state, deps.now());
  const message = await postMessage(trx, {
    conversation: row, senderId: order.customerId, content: defaultOrderMessage(order.orderNumber || order.orderId.slice(0, 8)), kind: 'default-order',
    transactionId: order.orderId, dedupKey: `default-order:${order.orderId}`, now: deps.now(),
  });
  return { message, conversationId: row.id };
}

/**
 * POST /api/messages/default-message: the order's buyer asks for it. Sent automatically when the
 * order is purchased (orders.order.transitioned), so this normally finds it sent (no message).
 * The order must be known to messaging with this buyer and supplier.
 */
export async function sendDefaultMessage(deps: MessagingDeps, ctx: CallContext, req: messaging.SendDefaultMessageRequest): Promise<messaging.SendDefaultMessageResponse> {
  const caller = requireWriter(ctx);
  const orderId = req.transactionId || req.orderId;
  if (!isUuid(orderId)) throw invalidParams({ transactionId: 'validation.invalidValue' });
  if (!isUuid(req.providerId)) throw invalidParams({ providerId: 'validation.invalidValue' });
  if (req.customerId !== '' && req.customerId !== caller.userId) throw new AppError('forbidden', { reason: 'not the order’s buyer' });
  const link = await findOrderLink(deps.db, orderId);
  const conversation = link ? await findConversation(deps.db, link.conversation_id) : undefined;
  if (!link || !conversation || conversation.buyer_id !== caller.userId || conversation.supplier_id !== req.providerId) throw new AppError('not-found', { resource: 'transaction' });
  const out = await deps.db.transaction().execute((trx) =>
    postDefaultMessage(deps, trx, { orderId, orderNumber: req.providerOrderRef.trim().slice(0, 100) || link.order_number, customerId: caller.userId, providerId: req.providerId, state: '' }),
  );
  deps.wakeOutbox();
  return out;
}
