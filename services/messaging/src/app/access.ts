import { AppError, isUuid, LIMITED_ACCESS_REASON, LIMITED_SCOPE, requireCaller, type CallContext, type Caller } from '@caskade/kit';
import { readAccess, type ReadAccess } from '../domain';
import { findConversation, orderLinks, type ConversationRow } from '../db/conversations';
import type { Db } from '../db/schema';

/** A conversation id from a request: a malformed one is refused before any query. */
export function conversationIdOf(id: string, field = 'conversationId'): string {
  if (!isUuid(id)) throw new AppError('validation-invalid-params', { fields: { [field]: 'validation.invalidValue' } });
  return id;
}

/**
 * The conversation the caller may read: its participants, the operator while an order in it is
 * disputed. Anyone else is answered not-found, as if it did not exist (ids are not probed).
 */
export async function readableConversation(db: Db, ctx: CallContext, id: string): Promise<{ caller: Caller; row: ConversationRow; access: Exclude<ReadAccess, 'none'> }> {
  const caller = requireCaller(ctx);
  const row = await findConversation(db, conversationIdOf(id));
  if (!row) throw new AppError('not-found', { resource: 'conversation' });
  const links = caller.role === 'operator' ? await orderLinks(db, [row.id]) : [];
  const access = readAccess(caller, { buyerId: row.buyer_id, supplierId: row.supplier_id, orderStates: links.map((l) => l.state) });
  if (access === 'none') throw new AppError('not-found', { resource: 'conversation' });
  return { caller, row, access };
}

/** A caller who may write: signed in, not on a limited-access login. */
export function requireWriter(ctx: CallContext): Caller {
  const caller = requireCaller(ctx);
  if (caller.scopes.includes(LIMITED_SCOPE)) throw new AppError('forbidden', { reason: LIMITED_ACCESS_REASON });
  return caller;
}
