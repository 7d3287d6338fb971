/**
 * The top bar's Messages link with the count of conversations holding unseen messages. It also
 * keeps the tab's event stream open while someone is signed in and applies live messages, so the
 * count and any open conversation update without a reload.
 */
import { Link } from 'react-router-dom';
import { useLiveMessages, useUnseenConversations } from '../../api/messages';
import { pathTo } from '../../app/routes';
import { messagingUi as t } from '../../i18n/messagingMessages';
import { useEventStreamConnection } from '../../lib/eventStream';

const iconButton = 'relative inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-900';

export function MessagesLink({ userId }: { userId: string }) {
  useEventStreamConnection(userId);
  useLiveMessages();
  const unseen = useUnseenConversations(true).data?.conversationIds.length ?? 0;
  return (
    <Link to={pathTo('MessagesPage')} className={iconButton} aria-label={unseen > 0 ? t.messagesUnseen(unseen) : t.messagesLink} data-testid="messages-link">
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="size-6">
        <path d="M4 5h16v11H9l-5 4z" />
      </svg>
      {unseen > 0 ? (
        <span aria-hidden="true" data-unseen-count={unseen} className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-[11px] leading-5 font-bold text-white">
          {unseen > 9 ? '9+' : unseen}
        </span>
      ) : null}
    </Link>
  );
}
