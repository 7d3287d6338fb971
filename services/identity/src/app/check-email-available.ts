import { emailField, invalidParams } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findActiveUserByEmail } from '../db/users';
import type { IdentityDeps } from './deps';

export async function checkEmailAvailable(deps: IdentityDeps, req: identity.CheckEmailAvailableRequest): Promise<identity.CheckEmailAvailableResponse> {
  const email = emailField.safeParse(req.email);
  if (!email.success) throw invalidParams({ email: email.error.issues[0]?.message ?? 'validation.emailInvalid' });
  return { available: !(await findActiveUserByEmail(deps.db, email.data)) };
}
