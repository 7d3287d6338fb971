/**
 * The sessions repository: refresh tokens (stored as hashes), grouped in families that one login starts.
 */
import type { Selectable, Transaction } from 'kysely';
import type { IdentityDB, RefreshTokensTable } from './schema';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
type Trx = Transaction<IdentityDB>;

export async function insertRefreshToken(
  trx: Trx,
  token: { id: string; familyId: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('refresh_tokens')
    .values({ id: token.id, family_id: token.familyId, user_id: token.userId, token_hash: token.tokenHash, expires_at: token.expiresAt })
    .execute();
}

/** The refresh token with this hash, locked for the rest of the transaction. */
export function findRefreshTokenForUpdate(trx: Trx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

export async function markRefreshTokenRotated(trx: Trx, id: string, now: Date): Promise<void> {
  await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('id', '=', id).where('rotated_at', 'is', null).execute();
}

/** Ends every live token of one login's family. */
export async function revokeRefreshTokenFamily(trx: Trx, familyId: string, now: Date): Promise<void> {
  await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

/** Ends every live token of the account. */
export async function revokeUserRefreshTokens(trx: Trx, userId: string, now: Date): Promise<void> {
  await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
