/** Cart badge: the count, or "9+" once it no longer fits in one digit. Empty cart shows no badge. */
export function cartBadgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}
