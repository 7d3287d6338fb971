import { invalidParams, type CallContext } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { MESSAGES_PER_PAGE } from '../domain';
import { pageOfMessages } from '../db/messages';
import { readableConversation } from './access';
import type { MessagingDeps } from './deps';
import { messageView } from './views';

/** A page of a conversation's messages, newest first (page 1 the newest; 20 a page). */
export async function listMessages(deps: MessagingDeps, ctx: CallContext, req: messaging.ListMessagesRequest): Promise<messaging.ListMessagesResponse> {
  const page = req.page === 0 ? 1 : req.page;
  const perPage = req.perPage === 0 ? MESSAGES_PER_PAGE : req.perPage;
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw invalidParams({ page: 'validation.invalidValue' });
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) throw invalidParams({ perPage: 'validation.invalidValue' });
  const { row } = await readableConversation(deps.db, ctx, req.conversationId);
  const { rows, total } = await pageOfMessages(deps.db, row.id, page, perPage);
  return { messages: rows.map(messageView), page, perPage, totalItems: total, totalPages: Math.ceil(total / perPage) };
}
