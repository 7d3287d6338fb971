/** en-AU wording of the messages pages (/messages, /messages/{conversationId}), the chat box and "Message supplier". */
import { BANNED_USER_NAME, DELETED_USER_NAME, MESSAGING_MSG } from '@caskade/messaging/domain';
import { isApiError } from '../api/client';
import { errorCodeMessage, reasonMessage } from './messages';

/** The spec's message keys of the messages pages with their wording (calls-errors-constants §8). */
export const MESSAGING_KEYS = {
  [MESSAGING_MSG.sendMsgError]: 'Your message could not be sent. Please try again.',
  [MESSAGING_MSG.conversationsError]: 'We couldn’t load your conversations. Please try again.',
  [MESSAGING_MSG.noResults]: 'No conversations found.',
  [MESSAGING_MSG.contentRequired]: 'Write a message first.',
  [MESSAGING_MSG.contentTooLong]: 'Keep a message to 5,000 characters or fewer.',
  [MESSAGING_MSG.keywordRequired]: 'Type a name to search.',
} as const;

export const messagingMessage = (key: string): string => (MESSAGING_KEYS as Record<string, string>)[key] ?? errorCodeMessage(key);

/** A failed messaging call: why it was refused when the services say (a limited-access login may not write), else `fallback`. */
export const messagingFailure = (error: unknown, fallback: string): string => reasonMessage(isApiError(error) ? error.meta?.['reason'] : undefined) ?? fallback;

export const messagingUi = {
  title: 'Messages',
  intro: 'Talk with your suppliers and buyers about products and orders.',
  listLabel: 'Conversations',
  searchLabel: 'Search conversations by name',
  searchPlaceholder: 'Search by name',
  search: 'Search',
  clearSearch: 'Clear',
  unseen: 'New messages',
  loadMore: 'Load more',
  noMessagesYet: 'No messages yet. Say hello!',
  pickConversation: 'Choose a conversation to read it.',
  chatLabel: 'Message',
  chatPlaceholder: 'Type here',
  send: 'Send',
  sending: 'Sending…',
  readOnly: 'You are reading this conversation because one of its orders is disputed. Only the buyer and supplier can write here.',
  you: 'You',
  olderLoading: 'Loading earlier messages…',
  backToList: 'All conversations',
  orderLink: 'Order',
  conversationWith: (name: string) => `Conversation with ${name}`,
  // The domain's names for these accounts (the catalog's wording is the same), not the catalog's
  // messages module: the shell needs this file, and that one belongs with the catalog pages (ADR 062).
  bannedUser: BANNED_USER_NAME,
  deletedUser: DELETED_USER_NAME,
  messageSupplier: 'Message supplier',
  messageBuyer: 'Message buyer',
  messagesLink: 'Messages',
  messagesUnseen: (n: number) => `Messages, ${n > 9 ? '9+' : n} unread conversation${n === 1 ? '' : 's'}`,
  kindDefaultOrder: 'Order placed',
  kindDispute: 'Dispute',
};
