import { AppError, fieldErrors, invalidParams, requireCaller, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { saveProfile } from '../db/users';
import { liquorLicenceSchema } from '../domain';
import { loadActiveUser, requireFullAccess } from './account-access';
import type { IdentityDeps } from './deps';
import { toUser } from './views';

/** A buyer sets or replaces the liquor licence on file (ADR 042): liquor is sold only to a buyer with one. */
export async function setLiquorLicence(deps: IdentityDeps, ctx: CallContext, req: identity.SetLiquorLicenceRequest): Promise<identity.SetLiquorLicenceResponse> {
  const caller = requireCaller(ctx);
  const parsed = liquorLicenceSchema.safeParse({ number: req.number, state: req.state });
  if (!parsed.success) throw invalidParams(fieldErrors(parsed.error));
  const licence = parsed.data;
  const row = await withTransaction(deps.db, async (trx) => {
    const user = await loadActiveUser(trx, caller.userId, true);
    requireFullAccess(user);
    if (user.role !== 'buyer') throw new AppError('forbidden', { reason: 'buyers-only' });
    const profile = { ...user.profile, liquorLicenceNumber: licence.number, liquorLicenceState: licence.state };
    return saveProfile(trx, user.id, { profile, brandKey: user.brand_key, businessKey: user.business_key, now: deps.now() });
  });
  return { user: toUser(row) };
}
