import { withTransaction } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findRefreshTokenForUpdate } from '../db/sessions';
import type { IdentityDeps } from './deps';
import { hashSecret } from './secrets';
import { revokeAllSessions } from './sessions';

/**
 * Log out everywhere: the presented refresh token's account loses every session at once, so its
 * access tokens stop working in every service too (ADR 023). Logging out twice is fine; an unknown
 * or already revoked token changes nothing.
 */
export async function logout(deps: IdentityDeps, req: identity.LogoutRequest): Promise<identity.LogoutResponse> {
  if (!req.refreshToken || req.refreshToken.length > 200) return {};
  const revoked = await withTransaction(deps.db, async (trx) => {
    const token = await findRefreshTokenForUpdate(trx, hashSecret(req.refreshToken));
    if (!token || token.revoked_at) return false;
    await revokeAllSessions(trx, deps, token.user_id, deps.now());
    return true;
  });
  if (revoked) deps.eventsWritten();
  return {};
}
