import { emailField, invalidParams } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import type { IdentityDeps } from './deps';

export async function checkEmailAvailable(deps: IdentityDeps, req: identity.CheckEmailAvailableRequest): Promise<identity.CheckEmailAvailableResponse> {
  const email = emailField.safeParse(req.email);
  if (!email.success) throw invalidParams({ email: email.error.issues[0]?.message ?? 'validation.emailInvalid' });
  const hit = await deps.db.selectFrom('users').select('id').where('email', '=', email.data).where('deleted_at', 'is', null).executeTakeFirst();
  return { available: !hit };
}
