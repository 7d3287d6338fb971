/** Token lifetimes and the refresh decision (pure); making and hashing secrets is in app/secrets.ts. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A rotated refresh token presented again within this window is a parallel request, not theft. */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;
export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const VERIFICATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export type RefreshDecision =
  | { kind: 'rotate' }
  | { kind: 'grace' }
  | { kind: 'reject' }
  | { kind: 'reuse-detected' };

/** What to do with a presented refresh token, from its row alone (pure). */
export function decideRefresh(
  row: { expires_at: Date; rotated_at: Date | null; revoked_at: Date | null } | undefined,
  now: Date,
): RefreshDecision {
  if (!row || row.revoked_at || row.expires_at.getTime() <= now.getTime()) return { kind: 'reject' };
  if (!row.rotated_at) return { kind: 'rotate' };
  return now.getTime() - row.rotated_at.getTime() <= REFRESH_REUSE_GRACE_MS ? { kind: 'grace' } : { kind: 'reuse-detected' };
}
