import { AppError, type CallContext } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { markSeen as mark } from '../db/conversations';
import { readableConversation } from './access';
import type { MessagingDeps } from './deps';

/** The caller (a participant) has seen the conversation up to now. */
export async function markSeen(deps: MessagingDeps, ctx: CallContext, req: messaging.MarkSeenRequest): Promise<messaging.MarkSeenResponse> {
  const { caller, row, access } = await readableConversation(deps.db, ctx, req.conversationId);
  if (access !== 'participant') throw new AppError('forbidden', { reason: 'read only' });
  await mark(deps.db, row, caller.userId);
  return {};
}
