import type { identity } from '@caskade/proto';
import { hashSecret } from '../domain/tokens';
import type { IdentityDeps } from './deps';

/** Revoke the presented refresh token's whole family. Logging out twice is fine. */
export async function logout(deps: IdentityDeps, req: identity.LogoutRequest): Promise<identity.LogoutResponse> {
  if (!req.refreshToken || req.refreshToken.length > 200) return {};
  const token = await deps.db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hashSecret(req.refreshToken)).executeTakeFirst();
  if (token) {
    await deps.db.updateTable('refresh_tokens').set({ revoked_at: deps.now() }).where('family_id', '=', token.family_id).where('revoked_at', 'is', null).execute();
  }
  return {};
}
