/**
 * /messages (MessagesPage) and /messages/{conversationId} (MessagesDetailPage): the conversation
 * list (first load 8, more on scroll, search by the other party's name, unseen markers) beside the
 * open conversation (newest at the bottom, older pages on scroll, the chat box). New messages come
 * on the event stream; nothing needs a reload.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isSendable, MESSAGING_MSG } from '@caskade/messaging/domain';
import { isApiError } from '../../api/client';
import { threadOf, useConversation, useConversations, useMarkSeen, useMessages, useSendMessage, type ConversationView, type MessageView } from '../../api/messages';
import { useCurrentUser } from '../../api/session';
import { pathTo } from '../../app/routes';
import { PageContainer, PageHeading } from '../../components/PageLayout';
import { Spinner } from '../../components/Spinner';
import { MessageText } from '../../components/messaging/MessageText';
import { formatDateTime } from '../../i18n/format';
import { messagingFailure, messagingMessage, messagingUi as t } from '../../i18n/messagingMessages';

type Party = ConversationView['otherUser'];

/** A participant's name, or the placeholder of a banned or deleted account. */
const nameOf = (p: Party): string => (p.deleted ? t.deletedUser : p.banned ? t.bannedUser : p.name || '—');
const hasProfile = (p: Party): boolean => !p.banned && !p.deleted && p.id !== '';

/** Calls `onVisible` when the sentinel scrolls into view (infinite scroll). */
function useSentinel(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled]);
  return ref;
}

export default function MessagesPage() {
  const { tab } = useParams<{ tab?: string }>();
  return (
    <PageContainer>
      <PageHeading title={t.title} intro={t.intro} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={tab ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
          <ConversationList activeId={tab ?? ''} />
        </div>
        <div className={tab ? 'min-w-0' : 'hidden min-w-0 lg:block'}>
          {tab ? <ConversationThread key={tab} id={tab} /> : <p className="rounded-xl border border-dashed border-stone-300 p-8 text-center text-stone-600">{t.pickConversation}</p>}
        </div>
      </div>
    </PageContainer>
  );
}

function ConversationList({ activeId }: { activeId: string }) {
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [searchError, setSearchError] = useState('');
  const query = useConversations(keyword);
  const conversations = query.data?.pages.flatMap((p) => p.conversations) ?? [];
  const sentinel = useSentinel(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, Boolean(query.hasNextPage));

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const k = draft.trim();
    // A search needs a keyword (product-spec §5).
    if (k === '') {
      setSearchError(messagingMessage(MESSAGING_MSG.keywordRequired));
      return;
    }
    setSearchError('');
    setKeyword(k);
  };

  return (
    <section aria-label={t.listLabel} className="rounded-xl border border-stone-200 bg-white">
      <form role="search" onSubmit={onSearch} className="flex gap-2 border-b border-stone-200 p-3">
        <label htmlFor="conversation-search" className="sr-only">
          {t.searchLabel}
        </label>
        <input
          id="conversation-search"
          type="search"
          className="input min-w-0 flex-1"
          placeholder={t.searchPlaceholder}
          value={draft}
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={searchError ? true : undefined}
          aria-describedby={searchError ? 'conversation-search-error' : undefined}
        />
        <button type="submit" className="btn-secondary shrink-0">
          {t.search}
        </button>
        {keyword ? (
          <button
            type="button"
            className="btn-ghost"
            onClick={() => {
              setKeyword('');
              setDraft('');
            }}
          >
            {t.clearSearch}
          </button>
        ) : null}
      </form>
      {searchError ? (
        <p id="conversation-search-error" role="alert" className="px-3 pt-2 text-sm text-red-700">
          {searchError}
        </p>
      ) : null}
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="p-4 text-sm text-red-700" data-testid="conversations-error">
          {messagingMessage(MESSAGING_MSG.conversationsError)}
        </p>
      ) : conversations.length === 0 ? (
        <p className="p-6 text-center text-sm text-stone-600" data-testid="conversations-empty">
          {messagingMessage(MESSAGING_MSG.noResults)}
        </p>
      ) : (
        <ul className="divide-y divide-stone-100" data-testid="conversation-list">
          {conversations.map((c) => (
            <li key={c.id}>
              <Link
                to={pathTo('MessagesDetailPage', { tab: c.id })}
                aria-current={c.id === activeId ? 'page' : undefined}
                className={`flex items-start gap-3 px-4 py-3 hover:bg-stone-50 ${c.id === activeId ? 'bg-brand-50' : ''}`}
                data-conversation-id={c.id}
              >
                <span className="min-w-0 flex-1">
                  <span className={`block truncate ${c.seen ? 'text-stone-800' : 'font-semibold text-stone-900'}`}>{nameOf(c.otherUser)}</span>
                  <span className="block truncate text-sm text-stone-600">{c.lastMessagePreview}</span>
                </span>
                {c.seen ? null : (
                  <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-700" data-unseen-marker="">
                    <span className="sr-only">{t.unseen}</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div ref={sentinel} className="p-3 text-center">
          <button type="button" className="btn-ghost" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? t.olderLoading : t.loadMore}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function ConversationThread({ id }: { id: string }) {
  const { data: user } = useCurrentUser();
  const detail = useConversation(id);
  const pages = useMessages(id);
  const markSeen = useMarkSeen();
  const messages = threadOf(pages.data);
  const scroller = useRef<HTMLDivElement | null>(null);
  const newest = messages.at(-1)?.id ?? '';
  const oldest = messages[0]?.id ?? '';
  const readOnly = detail.data?.readOnly ?? false;
  const conversation = detail.data?.conversation;

  // Older pages when the top of the thread comes into view.
  const top = useSentinel(() => {
    if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  }, Boolean(pages.hasNextPage));

  // Newest at the bottom: stay there when a message arrives; keep the reading position when older ones load above.
  const lastNewest = useRef('');
  const lastHeight = useRef(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (newest !== lastNewest.current) el.scrollTop = el.scrollHeight;
    else if (el.scrollHeight !== lastHeight.current) el.scrollTop += el.scrollHeight - lastHeight.current;
    lastNewest.current = newest;
    lastHeight.current = el.scrollHeight;
  }, [newest, oldest]);

  // Seen once read: on open and as messages arrive while it is open.
  const { mutate } = markSeen;
  useEffect(() => {
    if (!readOnly && detail.data && newest) mutate(id);
  }, [id, newest, readOnly, detail.data, mutate]);

  if (detail.isPending) return <Spinner />;
  if (detail.isError || !conversation) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {isApiError(detail.error) ? messagingMessage(detail.error.code) : messagingMessage(MESSAGING_MSG.conversationsError)}
      </p>
    );
  }
  const other = conversation.otherUser;
  const me = user?.id ?? '';
  const senderName = (m: MessageView) => (m.senderId === me ? t.you : m.senderId === conversation.buyer.id ? nameOf(conversation.buyer) : nameOf(conversation.supplier));

  return (
    <section aria-label={t.conversationWith(nameOf(other))} className="flex h-[70vh] flex-col rounded-xl border border-stone-200 bg-white">
      <header className="flex items-center gap-3 border-b border-stone-200 px-4 py-3">
        <Link to={pathTo('MessagesPage')} className="link lg:hidden">
          {t.backToList}
        </Link>
        <h2 className="min-w-0 text-lg font-semibold wrap-anywhere text-stone-900" data-testid="conversation-name">
          {hasProfile(other) ? <Link to={pathTo('ProfilePage', { id: other.id })}>{nameOf(other)}</Link> : nameOf(other)}
        </h2>
      </header>
      <div ref={scroller} className="flex-1 overflow-y-auto px-4 py-3" data-testid="message-thread">
        {pages.hasNextPage ? (
          <div ref={top} className="py-2 text-center text-sm text-stone-500">
            {t.olderLoading}
          </div>
        ) : null}
        {pages.isPending ? <Spinner /> : null}
        {!pages.isPending && messages.length === 0 ? <p className="py-8 text-center text-sm text-stone-600">{t.noMessagesYet}</p> : null}
        <ol className="space-y-3">
          {messages.map((m) => {
            const mine = m.senderId === me;
            return (
              <li key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-message-id={m.id}>
                <div className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm ${mine ? 'bg-brand-700 text-white' : 'bg-stone-100 text-stone-900'}`}>
                  <p className={`mb-0.5 text-xs ${mine ? 'text-brand-100' : 'text-stone-700'}`}>
                    {senderName(m)} · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                    {m.kind === 'default-order' ? ` · ${t.kindDefaultOrder}` : m.kind === 'dispute' ? ` · ${t.kindDispute}` : ''}
                  </p>
                  <p data-testid="message-content">
                    <MessageText content={m.content} />
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      {readOnly ? <p className="border-t border-stone-200 p-4 text-sm text-stone-600">{t.readOnly}</p> : <ChatBox conversationId={id} />}
    </section>
  );
}

/** The chat box: Enter sends only non-empty text (Shift+Enter for a new line); success clears it and the error. */
function ChatBox({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const send = useSendMessage(conversationId);
  const submit = () => {
    if (!isSendable(text) || send.isPending) return;
    send.mutate(text, {
      onSuccess: () => {
        setText('');
        setError('');
      },
      onError: (failure) => setError(messagingFailure(failure, messagingMessage(MESSAGING_MSG.sendMsgError))),
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="border-t border-stone-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor="chat-input" className="sr-only">
          {t.chatLabel}
        </label>
        <textarea
          id="chat-input"
          rows={2}
          className="input min-w-0 flex-1 resize-none"
          placeholder={t.chatPlaceholder}
          value={text}
          maxLength={5000}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'chat-error' : undefined}
        />
        <button type="submit" className="btn-primary" disabled={!isSendable(text) || send.isPending}>
          {send.isPending ? t.sending : t.send}
        </button>
      </div>
      {error ? (
        <p id="chat-error" role="alert" className="mt-2 text-sm text-red-700" data-testid="chat-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
