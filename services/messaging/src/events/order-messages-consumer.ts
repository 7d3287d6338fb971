import { consumeOnce, isUuid, type SubscribeOptions } from '@caskade/kit';
import type { MessagingDeps } from '../app/deps';
import { ensureParticipants } from '../app/participants';
import { postDefaultMessage } from '../app/send-default-message';
import { postMessage } from '../app/post-message';
import { disputeMessage, isDisputedState } from '../domain';
import { findConversation, findOrCreateConversation, findOrderLink, linkOrder } from '../db/conversations';
import { OrderMessagesConsumer } from './registry';

/**
 * Every order transition (once per event): the order is linked to its pair's conversation with its
 * state (the operator reads it while disputed); on purchase the buyer's default order message goes
 * to the supplier; a dispute's reason arrives as the buyer's message in that conversation, and an
 * enquiry's first message (product-spec: "an enquiry runs an enquiry transition then sends the first
 * message", carried as the transition's reason) as the buyer's own text.
 */
export function orderMessagesConsumer(deps: MessagingDeps): SubscribeOptions {
  return OrderMessagesConsumer.handle(async (event) => {
    const d = event.data;
    if (!isUuid(d.orderId) || !isUuid(d.customerId) || !isUuid(d.providerId)) {
      deps.logger.warn({ eventId: event.id }, 'order transitioned without order, buyer or supplier id, ignored');
      return;
    }
    const purchased = d.toState.startsWith('purchased') && !d.fromState.startsWith('purchased');
    const disputed = isDisputedState(d.toState) && !isDisputedState(d.fromState);
    const enquired = d.toState === 'enquiry' && d.fromState !== 'enquiry';
    let sent = false;
    await consumeOnce(deps.db, OrderMessagesConsumer.name, event, async (trx) => {
      if (purchased) {
        sent = (await postDefaultMessage(deps, trx, { orderId: d.orderId, orderNumber: d.orderNumber, customerId: d.customerId, providerId: d.providerId, state: d.toState })).message !== undefined;
        return;
      }
      const link = await findOrderLink(trx, d.orderId);
      let conversation = link ? await findConversation(trx, link.conversation_id) : undefined;
      if (!conversation && (disputed || d.toState !== '')) {
        await ensureParticipants(deps, trx, [d.customerId, d.providerId]);
        conversation = (await findOrCreateConversation(trx, d.customerId, d.providerId, deps.now())).row;
      }
      if (!conversation) return;
      await linkOrder(trx, d.orderId, conversation.id, d.orderNumber, d.toState, deps.now());
      if (enquired && d.reason.trim() !== '') {
        const message = await postMessage(trx, {
          conversation, senderId: d.customerId, content: d.reason, kind: 'text', transactionId: d.orderId, dedupKey: `enquiry:${d.orderId}`, now: deps.now(),
        });
        sent = message !== undefined;
      }
      if (disputed && d.reason.trim() !== '') {
        const sender = d.actorId && isUuid(d.actorId) ? d.actorId : d.customerId;
        const message = await postMessage(trx, {
          conversation, senderId: sender, content: disputeMessage(d.orderNumber || d.orderId.slice(0, 8), d.reason), kind: 'dispute',
          transactionId: d.orderId, dedupKey: `dispute:${d.orderId}:${event.id}`, now: deps.now(),
        });
        sent = message !== undefined;
      }
    });
    if (sent) deps.wakeOutbox();
  });
}
