import { unaryService, type Logger } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import type { MessagingDeps } from '../app/deps';
import { getConversation } from '../app/get-conversation';
import { listConversations } from '../app/list-conversations';
import { listMessages } from '../app/list-messages';
import { listMessagesSince } from '../app/list-messages-since';
import { listUnseenConversations } from '../app/list-unseen-conversations';
import { markSeen } from '../app/mark-seen';
import { openConversation } from '../app/open-conversation';
import { sendDefaultMessage } from '../app/send-default-message';
import { sendMessage, sendTransactionMessage } from '../app/send-message';
import { setUserName } from '../app/set-user-name';

/** Thin edge: each RPC calls one use case; errors are mapped by unaryService. */
export function messagingHandlers(deps: MessagingDeps, logger: Logger): messaging.MessagingServiceServer {
  return unaryService<messaging.MessagingServiceServer>(
    {
      listConversations: (req, ctx) => listConversations(deps, ctx, req),
      openConversation: (req, ctx) => openConversation(deps, ctx, req),
      getConversation: (req, ctx) => getConversation(deps, ctx, req),
      listMessages: (req, ctx) => listMessages(deps, ctx, req),
      sendMessage: (req, ctx) => sendMessage(deps, ctx, req),
      sendTransactionMessage: (req, ctx) => sendTransactionMessage(deps, ctx, req),
      markSeen: (req, ctx) => markSeen(deps, ctx, req),
      listUnseenConversations: (_req, ctx) => listUnseenConversations(deps, ctx),
      sendDefaultMessage: (req, ctx) => sendDefaultMessage(deps, ctx, req),
      setUserName: (req, ctx) => setUserName(deps, ctx, req),
      listMessagesSince: (req, ctx) => listMessagesSince(deps, ctx, req),
    },
    logger,
  );
}
