import { AppError } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';
import {
  conversationDetailSchema, conversationParams, conversationsPageSchema, conversationsQuery, defaultMessageBody, messagesPageSchema, messagesQuery, openConversationBody,
  openConversationSchema, seenBody, sendMessageBody, sentMessageSchema, unseenConversationsSchema, userNameBody, type ConversationView,
} from '../contract';

function conversationView(c: messaging.Conversation | undefined): ConversationView {
  if (!c) throw new AppError('not-found', { resource: 'conversation' });
  const none = { id: '', role: '', name: '', banned: false, deleted: false };
  return { ...c, otherUser: c.otherUser ?? none, buyer: c.buyer ?? none, supplier: c.supplier ?? none };
}

/** /api/messages/* (calls-errors-constants.md §7): who may read or post is the messaging service's decision. */
export function messagingRoutes(clients: GatewayClients): RouteDef[] {
  const m = clients.messaging;
  return [
    route({
      method: 'get', path: '/api/messages/conversations',
      summary: 'The caller’s conversations, most recent first: limit (first load 8) and lastConversationId page on; keyword searches the other party’s name',
      tags: ['messages'], access: 'user', query: conversationsQuery, response: conversationsPageSchema,
      handler: async ({ query, call }) => {
        const out = await m.listConversations({ limit: query.limit, lastConversationId: query.lastConversationId ?? '', keyword: query.keyword ?? '' }, call);
        return { status: 200, data: { conversations: out.conversations.map(conversationView), hasMore: out.hasMore } };
      },
    }),
    route({
      method: 'post', path: '/api/messages/conversations',
      summary: 'Find or create the caller’s conversation with another user (Message supplier); created tells which',
      tags: ['messages'], access: 'user', body: openConversationBody, response: openConversationSchema,
      handler: async ({ body, call }) => {
        const out = await m.openConversation({ otherUserId: body.otherUserId }, call);
        return { status: out.created ? 201 : 200, data: { conversation: conversationView(out.conversation), created: out.created } };
      },
    }),
    route({
      method: 'get', path: '/api/messages/conversations/:id',
      summary: 'One conversation: its participants, or the operator (read-only) while an order in it is disputed',
      tags: ['messages'], access: 'user', params: conversationParams, response: conversationDetailSchema,
      handler: async ({ params, call }) => {
        const out = await m.getConversation({ conversationId: params.id }, call);
        return { status: 200, data: { conversation: conversationView(out.conversation), readOnly: out.readOnly } };
      },
    }),
    route({
      method: 'get', path: '/api/messages/conversations/:id/messages',
      summary: 'A conversation’s messages, newest first, 20 a page (page 1 the newest)',
      tags: ['messages'], access: 'user', params: conversationParams, query: messagesQuery, response: messagesPageSchema,
      handler: async ({ params, query, call }) => {
        const out = await m.listMessages({ conversationId: params.id, page: query.page, perPage: 0 }, call);
        return { status: 200, data: out };
      },
    }),
    route({
      method: 'post', path: '/api/messages',
      summary: 'Send a plain-text message (at most 5000 characters) into a conversation or the conversation of an order (transactionId); rate-limited per sender (429)',
      tags: ['messages'], access: 'user', body: sendMessageBody, response: sentMessageSchema, successStatus: 201,
      handler: async ({ body, call }) => {
        const out = await m.sendMessage({ conversationId: body.conversationId ?? '', transactionId: body.transactionId ?? '', content: body.content }, call);
        return { status: 201, data: { message: out.message ?? null, conversationId: out.conversationId } };
      },
    }),
    route({
      method: 'put', path: '/api/messages/seen',
      summary: 'The caller has seen the conversation up to now',
      tags: ['messages'], access: 'user', body: seenBody,
      handler: async ({ body, call }) => {
        await m.markSeen({ conversationId: body.conversationId }, call);
        return { status: 200, data: {} };
      },
    }),
    route({
      method: 'get', path: '/api/messages/unseen-conversations',
      summary: 'The caller’s conversations holding a message it has not seen (the top bar’s count)',
      tags: ['messages'], access: 'user', response: unseenConversationsSchema,
      handler: async ({ call }) => ({ status: 200, data: await m.listUnseenConversations({}, call) }),
    }),
    route({
      method: 'post', path: '/api/messages/default-message',
      summary: 'The order’s buyer: the default order message to its supplier (sent on purchase already; once per order — message null when it was)',
      tags: ['messages'], access: 'buyer', body: defaultMessageBody, response: sentMessageSchema,
      handler: async ({ body, call }) => {
        const out = await m.sendDefaultMessage(
          { transactionId: body.transactionId, orderId: body.orderId ?? '', providerId: body.providerId, customerId: body.customerId ?? '', providerOrderRef: body.providerOrderRef ?? '' },
          call,
        );
        return { status: 200, data: { message: out.message ?? null, conversationId: out.conversationId } };
      },
    }),
    route({
      method: 'put', path: '/api/messages/user-name',
      summary: 'The caller’s name as the other party sees it in conversations',
      tags: ['messages'], access: 'user', body: userNameBody,
      handler: async ({ body, call }) => {
        await m.setUserName({ userName: body.userName }, call);
        return { status: 200, data: {} };
      },
    }),
  ];
}
