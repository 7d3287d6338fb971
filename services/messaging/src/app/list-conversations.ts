import { AppError, invalidParams, isUuid, requireCaller, type CallContext } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { CONVERSATIONS_FIRST_LOAD, CONVERSATIONS_MAX_LIMIT, conversationKeyword } from '../domain';
import { findConversation, listConversations as listRows, orderLinks, type ConversationRow } from '../db/conversations';
import { findParticipants } from '../db/participants';
import type { MessagingDeps } from './deps';
import { conversationView } from './views';

/** The caller's conversations, most recent first, paged by limit and lastConversationId, optionally filtered by the other party's name. */
export async function listConversations(deps: MessagingDeps, ctx: CallContext, req: messaging.ListConversationsRequest): Promise<messaging.ListConversationsResponse> {
  const caller = requireCaller(ctx);
  const limit = req.limit === 0 ? CONVERSATIONS_FIRST_LOAD : req.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > CONVERSATIONS_MAX_LIMIT) throw invalidParams({ limit: 'validation.invalidValue' });
  let keyword: string | undefined;
  if (req.keyword !== '') {
    const parsed = conversationKeyword.safeParse(req.keyword);
    if (!parsed.success) throw invalidParams({ keyword: parsed.error.issues[0]?.message ?? 'validation.invalidValue' });
    keyword = parsed.data;
  }
  let after: ConversationRow | undefined;
  if (req.lastConversationId !== '') {
    if (!isUuid(req.lastConversationId)) throw invalidParams({ lastConversationId: 'validation.invalidValue' });
    after = await findConversation(deps.db, req.lastConversationId);
    if (!after || (after.buyer_id !== caller.userId && after.supplier_id !== caller.userId)) throw new AppError('not-found', { resource: 'conversation' });
  }
  const rows = await listRows(deps.db, { userId: caller.userId, limit: limit + 1, ...(after ? { after } : {}), ...(keyword ? { keyword } : {}) });
  const page = rows.slice(0, limit);
  const people = new Map((await findParticipants(deps.db, [...new Set(page.flatMap((c) => [c.buyer_id, c.supplier_id]))])).map((p) => [p.user_id, p]));
  const links = await orderLinks(deps.db, page.map((c) => c.id));
  return {
    conversations: page.map((c) => conversationView(c, caller.userId, people, links.filter((l) => l.conversation_id === c.id).map((l) => l.order_id))),
    hasMore: rows.length > limit,
  };
}
