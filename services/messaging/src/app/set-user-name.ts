import { AppError, invalidParams, type CallContext } from '@caskade/kit';
import type { messaging } from '@caskade/proto';
import { setName } from '../db/participants';
import { requireWriter } from './access';
import type { MessagingDeps } from './deps';
import { ensureParticipants } from './participants';

/** The caller's name as the other party sees it in conversations (the spec's chat-name update). */
export async function setUserName(deps: MessagingDeps, ctx: CallContext, req: messaging.SetUserNameRequest): Promise<messaging.SetUserNameResponse> {
  const caller = requireWriter(ctx);
  const name = req.userName.trim();
  if (name.length < 1 || name.length > 200) throw invalidParams({ userName: 'validation.invalidValue' });
  if (caller.role !== 'buyer' && caller.role !== 'supplier') throw new AppError('forbidden', { reason: 'only buyers and suppliers converse' });
  await ensureParticipants(deps, deps.db, [caller.userId]);
  await setName(deps.db, caller.userId, name, deps.now());
  return {};
}
