import { COMPANY_NAME_MAX, invalidParams } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { nameKey } from '../domain/user';
import type { IdentityDeps } from './deps';

/** A brand or business name is available when no active supplier uses it as either. */
export async function checkNameAvailable(deps: IdentityDeps, req: identity.CheckNameAvailableRequest): Promise<identity.CheckNameAvailableResponse> {
  const key = nameKey(req.name);
  if (!key || key.length > COMPANY_NAME_MAX) throw invalidParams({ name: key ? 'validation.companyNameTooLong' : 'validation.required' });
  const hit = await deps.db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('brand_key', '=', key), eb('business_key', '=', key)]))
    .executeTakeFirst();
  return { available: !hit };
}
