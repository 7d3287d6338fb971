import { AppError, emailField, withTransaction } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findActiveUserByEmail } from '../db/users';
import type { IdentityDeps } from './deps';
import { issueSession } from './sessions';
import { toUser } from './views';

// Verified against when the email is unknown, so a miss costs the same time as a wrong password.
let decoyHash: Promise<string> | null = null;

export async function login(deps: IdentityDeps, req: identity.LoginRequest): Promise<identity.LoginResponse> {
  const email = emailField.safeParse(req.email);
  if (!email.success || req.password.length === 0 || req.password.length > 256) throw new AppError('auth-invalid-credentials');
  const row = await findActiveUserByEmail(deps.db, email.data);
  if (!row) {
    decoyHash ??= deps.passwords.hash('decoy-password-for-timing');
    await deps.passwords.verify(await decoyHash, req.password);
    throw new AppError('auth-invalid-credentials');
  }
  if (!(await deps.passwords.verify(row.password_hash, req.password))) throw new AppError('auth-invalid-credentials');
  if (row.banned) throw new AppError('auth-user-banned');
  const session = await withTransaction(deps.db, (trx) => issueSession(trx, deps, row));
  return { user: toUser(row), session };
}
