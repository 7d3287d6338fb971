/** "Message supplier" (or "Message buyer"): opens the conversation with that user, creating it the first time. */
import { useLocation, useNavigate } from 'react-router-dom';
import { useOpenConversation } from '../../api/messages';
import { useCurrentUser } from '../../api/session';
import { pathTo } from '../../app/routes';
import { messagingFailure, messagingMessage, messagingUi } from '../../i18n/messagingMessages';
import { isApiError } from '../../api/client';
import { authRedirectState } from '../../lib/redirect';
import { MESSAGING_MSG } from '@caskade/messaging/domain';

export function MessageButton({ otherUserId, label = messagingUi.messageSupplier, className = 'btn-secondary' }: { otherUserId: string; label?: string; className?: string }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const open = useOpenConversation();
  if (!otherUserId || (user && user.id === otherUserId)) return null;
  const onClick = () => {
    if (!user) {
      void navigate(pathTo('LoginPage'), { state: authRedirectState(location) });
      return;
    }
    open.mutate(otherUserId, { onSuccess: (out) => void navigate(pathTo('MessagesDetailPage', { tab: out.conversation.id })) });
  };
  return (
    <div>
      <button type="button" className={className} onClick={onClick} disabled={open.isPending} data-testid="message-button">
        {label}
      </button>
      {open.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {messagingFailure(open.error, isApiError(open.error) ? messagingMessage(open.error.code) : messagingMessage(MESSAGING_MSG.sendMsgError))}
        </p>
      ) : null}
    </div>
  );
}
