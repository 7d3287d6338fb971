import { AppError, emailField, invalidParams, withTransaction } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findActiveUserByEmail } from '../db/users';
import type { IdentityDeps } from './deps';
import { queuePasswordResetEmail } from './email-links';

export async function requestPasswordReset(deps: IdentityDeps, req: identity.RequestPasswordResetRequest): Promise<identity.RequestPasswordResetResponse> {
  const email = emailField.safeParse(req.email);
  if (!email.success) throw invalidParams({ email: email.error.issues[0]?.message ?? 'validation.emailInvalid' });
  await withTransaction(deps.db, async (trx) => {
    const user = await findActiveUserByEmail(trx, email.data);
    if (!user) throw new AppError('email-not-found');
    await queuePasswordResetEmail(trx, deps, user);
  });
  deps.eventsWritten();
  return {};
}
