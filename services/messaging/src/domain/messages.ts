/**
 * The messaging rules, pure and browser-safe (`@caskade/messaging/domain`): what a message may
 * hold, page sizes (calls-errors-constants.md §9, readings in docs/decisions/051), who may read and
 * post to a conversation, the texts of the messages the platform sends, and how a message's text
 * becomes text and links for display (never HTML).
 */

/** Plain text up to 5000 characters (product-spec §3). */
export const MESSAGE_MAX_LENGTH = 5000;

/** Page sizes: the conversation list's first load, a search's matches, messages per page. */
export const CONVERSATIONS_FIRST_LOAD = 8;
export const CONVERSATIONS_MORE = 8;
export const CONVERSATION_SEARCH_MATCHES = 20;
export const CONVERSATIONS_MAX_LIMIT = 50;
export const MESSAGES_PER_PAGE = 20;

/** Messages a person may send in a minute (the platform's own messages do not count). */
export const MESSAGES_PER_MINUTE = 30;

/** The spec's message keys of the messages pages. */
export const MESSAGING_MSG = {
  sendMsgError: 'MessagesPage.sendMsgError',
  conversationsError: 'MessagesPage.conversationsError',
  noResults: 'MessagesPage.noResults',
  bannedUser: 'Avatar.bannedUserDisplayName',
  deletedUser: 'Avatar.deletedUserDisplayName',
  contentRequired: 'MessagesPage.contentRequired',
  contentTooLong: 'MessagesPage.contentTooLong',
  keywordRequired: 'MessagesPage.keywordRequired',
} as const;

/** What the web shows for a banned or deleted account (the keys' en-AU texts). */
export const BANNED_USER_NAME = 'Banned user';
export const DELETED_USER_NAME = 'Deleted user';

export type MessageKind = 'text' | 'default-order' | 'dispute';

// The input schemas (messageContent, conversationKeyword) are in message-inputs.ts: a page that needs
// only these constants and texts loads no zod (ADR 062).

/** Whether a message is worth sending from the chat box: Enter sends only non-empty text. */
export const isSendable = (text: string): boolean => text.trim().length > 0 && text.trim().length <= MESSAGE_MAX_LENGTH;

/** The message each supplier receives from the buyer after checkout (the default order message). */
export function defaultOrderMessage(orderRef: string): string {
  return `Hi, I have just placed order ${orderRef}. Thank you!`;
}

/** A dispute's reason as it arrives in the order's conversation. */
export function disputeMessage(orderRef: string, reason: string): string {
  const text = `I have disputed order ${orderRef}: ${reason.trim()}`;
  return text.length > MESSAGE_MAX_LENGTH ? text.slice(0, MESSAGE_MAX_LENGTH) : text;
}

export type AccountStatus = 'active' | 'banned' | 'deleted';

/** The name a participant shows: none for a banned or deleted account (the web shows the placeholder and no profile link). */
export function shownName(name: string, status: AccountStatus): string {
  return status === 'active' ? name : '';
}

/** The placeholder of an account that is not active, or null. */
export function placeholderName(p: { banned: boolean; deleted: boolean }): string | null {
  if (p.deleted) return DELETED_USER_NAME;
  if (p.banned) return BANNED_USER_NAME;
  return null;
}

export type ConversationRole = 'buyer' | 'supplier';

/** A conversation is between one buyer and one supplier: the pair, or null when the two roles do not make one. */
export function conversationPair(a: { id: string; role: string }, b: { id: string; role: string }): { buyerId: string; supplierId: string } | null {
  if (a.id === b.id) return null;
  if (a.role === 'buyer' && b.role === 'supplier') return { buyerId: a.id, supplierId: b.id };
  if (a.role === 'supplier' && b.role === 'buyer') return { buyerId: b.id, supplierId: a.id };
  return null;
}

export type ReadAccess = 'participant' | 'operator-read-only' | 'none';

/**
 * Who may read a conversation: its two participants; the operator, read-only, while one of the
 * orders it holds is disputed; nobody else.
 */
export function readAccess(
  caller: { userId: string; role: string },
  conversation: { buyerId: string; supplierId: string; orderStates: readonly string[] },
): ReadAccess {
  if (caller.userId === conversation.buyerId || caller.userId === conversation.supplierId) return 'participant';
  if (caller.role === 'operator' && conversation.orderStates.some((s) => s.startsWith('disputed'))) return 'operator-read-only';
  return 'none';
}

/** Only a participant posts. */
export const mayPost = (access: ReadAccess): boolean => access === 'participant';

/** An order state that holds a dispute. */
export const isDisputedState = (state: string): boolean => state.startsWith('disputed');

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/**
 * A message's text as text and links (http, https, www.), for the web to render as text nodes and
 * anchors: never HTML. A link's href is always http(s); anything else stays text.
 */
export function linkify(content: string): TextSegment[] {
  const out: TextSegment[] = [];
  let at = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    const start = match.index;
    let raw = match[0];
    const trail = TRAILING_PUNCTUATION.exec(raw);
    if (trail) raw = raw.slice(0, raw.length - trail[0].length);
    if (raw.length === 0) continue;
    const href = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
    let valid = false;
    try {
      const url = new URL(href);
      valid = url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      valid = false;
    }
    if (!valid) continue;
    if (start > at) out.push({ kind: 'text', text: content.slice(at, start) });
    out.push({ kind: 'link', text: raw, href });
    at = start + raw.length;
  }
  if (at < content.length) out.push({ kind: 'text', text: content.slice(at) });
  return out;
}

/** A short preview of a message for the conversation list. */
export function preview(content: string, max = 120): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
