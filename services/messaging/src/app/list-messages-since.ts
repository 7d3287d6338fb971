import { invalidParams, requireCaller, type CallContext } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { headSeq } from '../db/conversations';
import { messagesSince } from '../db/messages';
import type { MessagingDeps } from './deps';
import { messageView } from './views';

/** The caller's messages after a position, oldest first: what an event stream missed while it was away. */
export async function listMessagesSince(deps: MessagingDeps, ctx: CallContext, req: messaging.ListMessagesSinceRequest): Promise<messaging.ListMessagesSinceResponse> {
  const caller = requireCaller(ctx);
  const limit = req.limit === 0 ? 200 : req.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw invalidParams({ limit: 'validation.invalidValue' });
  if (!Number.isSafeInteger(req.afterSeq) || req.afterSeq < 0) throw invalidParams({ afterSeq: 'validation.invalidValue' });
  const rows = await messagesSince(deps.db, caller.userId, String(req.afterSeq), limit + 1);
  return { messages: rows.slice(0, limit).map(messageView), hasMore: rows.length > limit, headSeq: await headSeq(deps.db, caller.userId) };
}
