import { AppError, MSG, fieldErrors, invalidParams, isUniqueViolation, enqueueEvent, requireCaller, withTransaction, type CallContext } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { claimSupplierNames } from '../db/supplier-names';
import { saveProfile } from '../db/users';
import { UserProfileChanged } from '../events/registry';
import { displayName, nameKey } from '../domain/user';
import { loadActiveUser } from './account-access';
import type { IdentityDeps } from './deps';
import { toUser } from './views';
import { profilePatchSchema as patchSchema, SUPPLIER_ONLY_PROFILE_FIELDS } from '../domain';


export async function updateProfile(deps: IdentityDeps, ctx: CallContext, req: identity.UpdateProfileRequest): Promise<identity.UpdateProfileResponse> {
  const caller = requireCaller(ctx);
  const { favouriteCategories, ...scalars } = req.patch ?? { favouriteCategories: undefined };
  const present = Object.fromEntries(Object.entries(scalars).filter(([, v]) => v !== undefined));
  const parsed = patchSchema.safeParse({ ...present, ...(favouriteCategories ? { favouriteCategories: favouriteCategories.values } : {}) });
  if (!parsed.success) throw invalidParams(fieldErrors(parsed.error));
  const patch = parsed.data;
  let eventWritten = false;
  try {
    const row = await withTransaction(deps.db, async (trx) => {
      const user = await loadActiveUser(trx, caller.userId, true);
      if (user.role !== 'supplier') {
        const bad = SUPPLIER_ONLY_PROFILE_FIELDS.filter((k) => patch[k] !== undefined);
        if (bad.length > 0) throw new AppError('forbidden', { fields: Object.fromEntries(bad.map((k) => [k, 'forbidden'])) });
      }
      const profile = { ...user.profile, ...patch };
      if (user.role === 'supplier' && nameKey(profile.brandName) !== null && nameKey(profile.brandName) === nameKey(profile.businessName)) {
        throw invalidParams({ businessName: MSG.businessNameSameAsBrand });
      }
      const updated = await saveProfile(trx, user.id, { profile, brandKey: nameKey(profile.brandName), businessKey: nameKey(profile.businessName), now: deps.now() });
      // The keys follow the profile's names whatever the role (a supplier who switched to buyer keeps
      // them), and supplier_names follows the keys, so the availability check and sign-up agree.
      const namesChanged = updated.brand_key !== user.brand_key || updated.business_key !== user.business_key;
      if (namesChanged) {
        await claimSupplierNames(trx, user.id, { brandName: updated.brand_key, businessName: updated.business_key });
      }
      // The catalog copies a supplier's brand and display names onto the brand page and listings.
      const renamed = user.profile.brandName !== profile.brandName || displayName(user.profile) !== displayName(profile);
      if (user.role === 'supplier' && renamed) {
        await enqueueEvent(trx, UserProfileChanged, {
          aggregateId: user.id,
          aggregateVersion: updated.version,
          data: { userId: user.id, role: user.role, displayName: displayName(profile), brandName: profile.brandName },
        });
        eventWritten = true;
      }
      return updated;
    });
    if (eventWritten) deps.eventsWritten();
    return { user: toUser(row) };
  } catch (err) {
    if (isUniqueViolation(err, 'users_brand_key')) throw new AppError('name-taken', { fields: { brandName: 'name-taken' } });
    if (isUniqueViolation(err, 'users_business_key')) throw new AppError('name-taken', { fields: { businessName: 'name-taken' } });
    throw err;
  }
}
