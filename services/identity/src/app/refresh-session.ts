import { AppError, signAccessToken, withTransaction } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import { decideRefresh } from '../domain/tokens';
import { hashSecret } from './secrets';
import type { IdentityDeps } from './deps';
import { issueSession, toUser } from './shared';

/**
 * Rotate a refresh token. A token used again after its rotation (beyond a short grace window for
 * parallel requests) means it was copied: the whole family is revoked and the caller logged out.
 */
export async function refreshSession(deps: IdentityDeps, req: identity.RefreshRequest): Promise<identity.RefreshResponse> {
  if (!req.refreshToken || req.refreshToken.length > 200) throw new AppError('auth-unauthenticated');
  const outcome = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const token = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashSecret(req.refreshToken))
      .forUpdate()
      .executeTakeFirst();
    const decision = decideRefresh(token, now);
    if (decision.kind === 'reject' || !token) return null;
    if (decision.kind === 'reuse-detected') {
      await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', token.family_id).where('revoked_at', 'is', null).execute();
      deps.logger.warn({ userId: token.user_id, familyId: token.family_id }, 'refresh token reuse detected; family revoked');
      return null;
    }
    const user = await trx.selectFrom('users').selectAll().where('id', '=', token.user_id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user || user.banned) {
      await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', token.family_id).execute();
      return null;
    }
    if (decision.kind === 'grace') {
      const access = signAccessToken({ sub: user.id, role: user.role, scopes: user.scopes, sessionVersion: user.session_version }, deps.jwtSecret);
      return { user: toUser(user), session: { accessToken: access.token, accessExpiresAtMs: access.expiresAtMs, refreshToken: '', refreshExpiresAtMs: 0 } };
    }
    await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('id', '=', token.id).where('rotated_at', 'is', null).execute();
    return { user: toUser(user), session: await issueSession(trx, deps, user, token.family_id) };
  });
  if (!outcome) throw new AppError('auth-unauthenticated');
  return outcome;
}
