/**
 * Messaging (GET|POST /api/messages/conversations, /api/messages/conversations/{id}[/messages],
 * POST /api/messages, PUT /api/messages/seen, GET /api/messages/unseen-conversations): query keys
 * and hooks. New messages arrive on the event stream (`message`), which refreshes these queries.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { CONVERSATION_SEARCH_MATCHES, CONVERSATIONS_FIRST_LOAD, CONVERSATIONS_MORE } from '@caskade/messaging/domain';
import type { ConversationDetail, ConversationsPage, ConversationView, MessagesPage, MessageStreamData, MessageView, SentMessage } from '@caskade/gateway/contract';
import { useStreamEvent } from '../lib/eventStream';
import { api, isApiError } from './client';

export type { ConversationDetail, ConversationsPage, ConversationView, MessagesPage, MessageStreamData, MessageView } from '@caskade/gateway/contract';

export const messageKeys = {
  all: ['messages'] as const,
  conversations: (keyword: string) => ['messages', 'conversations', keyword] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  messages: (id: string) => ['messages', 'thread', id] as const,
  unseen: ['messages', 'unseen'] as const,
};

const retryUnlessClientError = (failures: number, error: unknown) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2;

/** The caller's conversations: first load 8, 8 more each time; with a keyword, up to 20 matches. */
export function useConversations(keyword: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.conversations(keyword),
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(keyword ? CONVERSATION_SEARCH_MATCHES : pageParam ? CONVERSATIONS_MORE : CONVERSATIONS_FIRST_LOAD) });
      if (pageParam) params.set('lastConversationId', pageParam);
      if (keyword) params.set('keyword', keyword);
      return api<ConversationsPage>('GET', `/api/messages/conversations?${params.toString()}`);
    },
    // A search answers its matches at once; the plain list pages on.
    getNextPageParam: (last) => (!keyword && last.hasMore ? last.conversations.at(-1)?.id : undefined),
    retry: retryUnlessClientError,
  });
}

export function useConversation(id: string) {
  return useQuery({ queryKey: messageKeys.conversation(id), queryFn: () => api<ConversationDetail>('GET', `/api/messages/conversations/${encodeURIComponent(id)}`), retry: retryUnlessClientError });
}

/** A conversation's messages, 20 a page, newest first by page; older pages on scroll. */
export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.messages(id),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => api<MessagesPage>('GET', `/api/messages/conversations/${encodeURIComponent(id)}/messages?page=${pageParam}`),
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    retry: retryUnlessClientError,
  });
}

/** Oldest first, each once (a message the stream added may also come with a page). */
export function threadOf(data: InfiniteData<MessagesPage> | undefined): MessageView[] {
  const byId = new Map<string, MessageView>();
  for (const page of data?.pages ?? []) for (const m of page.messages) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

export function useUnseenConversations(enabled: boolean) {
  return useQuery({ queryKey: messageKeys.unseen, queryFn: () => api<{ conversationIds: string[] }>('GET', '/api/messages/unseen-conversations'), enabled, retry: retryUnlessClientError });
}

export function useSendMessage(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api<SentMessage>('POST', '/api/messages', { conversationId, content }),
    onSuccess: (sent) => {
      if (sent.message) addToThread(qc, sent.message);
      void qc.invalidateQueries({ queryKey: ['messages', 'conversations'] });
    },
  });
}

export function useMarkSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => api<Record<string, never>>('PUT', '/api/messages/seen', { conversationId }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: messageKeys.unseen });
      void qc.invalidateQueries({ queryKey: ['messages', 'conversations'] });
    },
  });
}

/** "Message supplier": the conversation with the other user, found or created. */
export function useOpenConversation() {
  return useMutation({
    mutationFn: (otherUserId: string) => api<{ conversation: ConversationView; created: boolean }>('POST', '/api/messages/conversations', { otherUserId }),
  });
}

type Qc = ReturnType<typeof useQueryClient>;

function addToThread(qc: Qc, m: MessageView): void {
  qc.setQueryData<InfiniteData<MessagesPage>>(messageKeys.messages(m.conversationId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.messages.some((x) => x.id === m.id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, messages: [m, ...first.messages], totalItems: first.totalItems + 1 }, ...rest] };
  });
}

/** Live: each `message` on the stream joins its open thread and refreshes the list and unseen count. */
export function useLiveMessages(): void {
  const qc = useQueryClient();
  useStreamEvent('message', (raw) => {
    const data = raw as MessageStreamData;
    if (!data?.message?.id) return;
    addToThread(qc, data.message);
    void qc.invalidateQueries({ queryKey: ['messages', 'conversations'] });
    void qc.invalidateQueries({ queryKey: messageKeys.unseen });
  });
}
