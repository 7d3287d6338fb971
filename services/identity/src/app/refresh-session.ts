import { AppError, signAccessToken, withTransaction } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { findRefreshTokenForUpdate, markRefreshTokenRotated, revokeRefreshTokenFamily } from '../db/sessions';
import { findActiveUser } from '../db/users';
import { decideRefresh } from '../domain/tokens';
import type { IdentityDeps } from './deps';
import { hashSecret } from './secrets';
import { issueSession } from './sessions';
import { toUser } from './views';

/**
 * Rotate a refresh token. A token used again after its rotation (beyond a short grace window for
 * parallel requests) means it was copied: the whole family is revoked and the caller logged out.
 */
export async function refreshSession(deps: IdentityDeps, req: identity.RefreshRequest): Promise<identity.RefreshResponse> {
  if (!req.refreshToken || req.refreshToken.length > 200) throw new AppError('auth-unauthenticated');
  const outcome = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const token = await findRefreshTokenForUpdate(trx, hashSecret(req.refreshToken));
    const decision = decideRefresh(token, now);
    if (decision.kind === 'reject' || !token) return null;
    if (decision.kind === 'reuse-detected') {
      await revokeRefreshTokenFamily(trx, token.family_id, now);
      deps.logger.warn({ userId: token.user_id, familyId: token.family_id }, 'refresh token reuse detected; family revoked');
      return null;
    }
    const user = await findActiveUser(trx, token.user_id);
    if (!user || user.banned) {
      await revokeRefreshTokenFamily(trx, token.family_id, now);
      return null;
    }
    if (decision.kind === 'grace') {
      const access = await signAccessToken({ sub: user.id, role: user.role, scopes: user.scopes, sessionVersion: user.session_version }, deps.accessSigningKey);
      return { user: toUser(user), session: { accessToken: access.token, accessExpiresAtMs: access.expiresAtMs, refreshToken: '', refreshExpiresAtMs: 0 } };
    }
    await markRefreshTokenRotated(trx, token.id, now);
    return { user: toUser(user), session: await issueSession(trx, deps, user, token.family_id) };
  });
  if (!outcome) throw new AppError('auth-unauthenticated');
  return outcome;
}
