/**
 * The email-tokens repository: one-time links (verify email, reset password), stored as hashes.
 */
import type { Selectable, Transaction } from 'kysely';
import type { EmailTokensTable, IdentityDB } from './schema';

export type EmailTokenRow = Selectable<EmailTokensTable>;
export type EmailTokenKind = EmailTokensTable['kind'];
type Trx = Transaction<IdentityDB>;

export async function insertEmailToken(
  trx: Trx,
  token: { id: string; userId: string; kind: EmailTokenKind; tokenHash: string; email: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await trx
    .insertInto('email_tokens')
    .values({ id: token.id, user_id: token.userId, kind: token.kind, token_hash: token.tokenHash, email: token.email, expires_at: token.expiresAt, created_at: token.createdAt })
    .execute();
}

/** The token of that kind with this hash (and, when given, sent to that address), locked for the rest of the transaction. */
export function findEmailTokenForUpdate(trx: Trx, query: { tokenHash: string; kind: EmailTokenKind; email?: string }): Promise<EmailTokenRow | undefined> {
  let q = trx.selectFrom('email_tokens').selectAll().where('token_hash', '=', query.tokenHash).where('kind', '=', query.kind);
  if (query.email !== undefined) q = q.where('email', '=', query.email);
  return q.forUpdate().executeTakeFirst();
}

/** Uses the token up; false when it was already used. */
export async function markEmailTokenUsed(trx: Trx, id: string, now: Date): Promise<boolean> {
  const res = await trx.updateTable('email_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** Outstanding password-reset links of the account stop working. */
export async function expirePasswordResetTokens(trx: Trx, userId: string, now: Date): Promise<void> {
  await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', 'password-reset')
    .where('used_at', 'is', null)
    .execute();
}

/** Verification emails sent to the account since `since`. */
export async function countVerificationEmailsSince(trx: Trx, userId: string, since: Date): Promise<number> {
  const { count } = await trx
    .selectFrom('email_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'verify-email')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}
