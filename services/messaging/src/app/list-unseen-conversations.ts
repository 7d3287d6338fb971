import { requireCaller, type CallContext } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { unseenConversationIds } from '../db/conversations';
import type { MessagingDeps } from './deps';

/** The caller's conversations holding a message from the other party it has not seen. */
export async function listUnseenConversations(deps: MessagingDeps, ctx: CallContext): Promise<messaging.ListUnseenConversationsResponse> {
  const caller = requireCaller(ctx);
  return { conversationIds: await unseenConversationIds(deps.db, caller.userId) };
}
