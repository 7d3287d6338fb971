import { invalidParams } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { isNameHeld } from '../db/supplier-names';
import { COMPANY_NAME_MAX } from '../domain';
import { nameKey } from '../domain/user';
import type { IdentityDeps } from './deps';

/**
 * A brand or business name is available when no account holds it as either: read from
 * supplier_names, the table sign-up and profile updates claim names in, so the answer and the
 * outcome of a sign-up agree.
 */
export async function checkNameAvailable(deps: IdentityDeps, req: identity.CheckNameAvailableRequest): Promise<identity.CheckNameAvailableResponse> {
  const key = nameKey(req.name);
  if (!key || key.length > COMPANY_NAME_MAX) throw invalidParams({ name: key ? 'validation.companyNameTooLong' : 'validation.required' });
  return { available: !(await isNameHeld(deps.db, key)) };
}
