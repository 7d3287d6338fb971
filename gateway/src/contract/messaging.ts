/**
 * Messaging: conversations between a buyer and a supplier, their messages, seen markers, and the
 * `message` events of the event stream (GET /api/events/stream). The rules (content, page sizes,
 * who reads) are the messaging domain's.
 */
import { z } from 'zod';
import { queryInt } from '@caskade/kit/rules';
import { CONVERSATIONS_FIRST_LOAD, CONVERSATIONS_MAX_LIMIT, MESSAGE_MAX_LENGTH, MESSAGING_MSG } from '@caskade/messaging/domain';

const uuid = z.uuid({ error: 'validation.invalidValue' });

export const conversationsQuery = z
  .object({
    limit: queryInt(1, CONVERSATIONS_MAX_LIMIT, CONVERSATIONS_FIRST_LOAD),
    lastConversationId: uuid.optional(),
    keyword: z.string().max(100).optional().describe('the other party’s name, or part of it (a keyword is required to search: blank is refused)'),
  })
  .strict();
export const openConversationBody = z.object({ otherUserId: uuid.describe('the supplier (for a buyer) or the buyer (for a supplier)') }).strict();
export const conversationParams = z.object({ id: uuid }).strict();
export const messagesQuery = z.object({ page: queryInt(1, 100_000, 1) }).strict();
export const sendMessageBody = z
  .object({
    conversationId: uuid.optional(),
    transactionId: uuid.optional().describe('an order of the two participants: its conversation'),
    content: z.string({ error: MESSAGING_MSG.contentRequired }).max(MESSAGE_MAX_LENGTH * 2, { error: MESSAGING_MSG.contentTooLong }),
  })
  .strict()
  .refine((b) => (b.conversationId === undefined) !== (b.transactionId === undefined), { error: 'validation.oneOfConversationOrTransaction', path: ['conversationId'] });
export const seenBody = z.object({ conversationId: uuid }).strict();
export const defaultMessageBody = z
  .object({ transactionId: uuid, orderId: uuid.optional(), providerId: uuid, customerId: uuid.optional(), providerOrderRef: z.string().max(100).optional() })
  .strict();
export const userNameBody = z.object({ userName: z.string().min(1).max(200) }).strict();

export const participantSchema = z.object({
  id: z.string(), role: z.string(), name: z.string().describe('empty for a banned or deleted account (shown as Banned user / Deleted user, no profile link)'),
  banned: z.boolean(), deleted: z.boolean(),
});
export const conversationSchema = z.object({
  id: z.string(), seen: z.boolean(), otherUser: participantSchema, buyer: participantSchema, supplier: participantSchema,
  lastMessageAt: z.string(), lastMessagePreview: z.string(), transactionIds: z.array(z.string()), createdAt: z.string(),
});
export const conversationsPageSchema = z.object({ conversations: z.array(conversationSchema), hasMore: z.boolean() });
export const openConversationSchema = z.object({ conversation: conversationSchema, created: z.boolean() });
export const conversationDetailSchema = z.object({ conversation: conversationSchema, readOnly: z.boolean() });
export const messageSchema = z.object({
  id: z.string(), conversationId: z.string(), senderId: z.string(), content: z.string().describe('plain text: render as text, never HTML'),
  createdAt: z.string(), transactionId: z.string(), seq: z.number().int(), kind: z.string().describe('text, default-order or dispute'),
});
export const messagesPageSchema = z.object({
  messages: z.array(messageSchema).describe('newest first'), page: z.number().int(), perPage: z.number().int(), totalItems: z.number().int(), totalPages: z.number().int(),
});
export const sentMessageSchema = z.object({ message: messageSchema.nullable(), conversationId: z.string() });
export const unseenConversationsSchema = z.object({ conversationIds: z.array(z.string()) });

/** The `data` of a `message` event on the event stream. */
export const messageStreamDataSchema = z.object({
  conversationId: z.string(),
  message: messageSchema,
  /** The sender's name as the recipient sees it (empty on replay, and for banned or deleted senders). */
  senderName: z.string(),
  /** Whom it is for (empty when the reader sent it). */
  recipientId: z.string(),
});

export type ConversationsQuery = z.input<typeof conversationsQuery>;
export type SendMessageBody = z.input<typeof sendMessageBody>;
export type ParticipantView = z.output<typeof participantSchema>;
export type ConversationView = z.output<typeof conversationSchema>;
export type ConversationsPage = z.output<typeof conversationsPageSchema>;
export type ConversationDetail = z.output<typeof conversationDetailSchema>;
export type MessageView = z.output<typeof messageSchema>;
export type MessagesPage = z.output<typeof messagesPageSchema>;
export type SentMessage = z.output<typeof sentMessageSchema>;
export type MessageStreamData = z.output<typeof messageStreamDataSchema>;
