/**
 * A checkout's lines leave the buyer's cart, once per checkout (docs/decisions/070, 074): orders
 * asks before it answers the checkout (TakeCheckoutLines), so the buyer's next cart read — and the
 * next checkout — no longer holds what was just bought; the orders.checkout.purchased and .placed
 * events do the same for a checkout whose answer did not get that far (a crash, payments' own
 * event), and find it done otherwise.
 */
import { AppError, invalidParams, isUuid, withTransaction, type CallContext } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import { claimCheckoutTake, deleteCartEntries, takeFromCartEntries } from '../db/cart-entries';
import type { Trx } from '../db/schema';
import type { CartDeps } from './deps';

export interface CheckoutLines {
  checkoutId: string;
  buyerId: string;
  /** Entries removed whole (events written before the quantities were carried). */
  cartEntryIds: readonly string[];
  cartLines: ReadonlyArray<{ entryId: string; quantity: number }>;
}

/** The lines worth acting on: uuid entries with a positive whole quantity. */
export function validLines(data: CheckoutLines): { ids: string[]; lines: Array<{ id: string; quantity: number }> } {
  return {
    ids: data.cartEntryIds.filter(isUuid),
    lines: data.cartLines.filter((l) => isUuid(l.entryId) && Number.isInteger(l.quantity) && l.quantity > 0).map((l) => ({ id: l.entryId, quantity: l.quantity })),
  };
}

/**
 * In the caller's transaction: claims the checkout (false when it was taken already, nothing
 * changes) and takes the quantities bought off; what the buyer added since (the same entry grows) stays.
 */
export async function takeOnce(trx: Trx, data: CheckoutLines, now: Date): Promise<boolean> {
  const { ids, lines } = validLines(data);
  if (data.checkoutId && !(await claimCheckoutTake(trx, data.checkoutId, now))) return false;
  if (lines.length > 0) await takeFromCartEntries(trx, data.buyerId, lines, now);
  else await deleteCartEntries(trx, data.buyerId, ids);
  return true;
}

/** TakeCheckoutLines: services only (orders acting for the checkout), never a signed-in caller. */
export async function takeCheckoutLines(deps: CartDeps, ctx: CallContext, req: cart.TakeCheckoutLinesRequest): Promise<cart.TakeCheckoutLinesResponse> {
  if (ctx.caller) throw new AppError('forbidden', { reason: 'service only' });
  if (!isUuid(req.checkoutId)) throw invalidParams({ checkoutId: 'validation.invalidValue' });
  if (!isUuid(req.buyerId)) throw invalidParams({ buyerId: 'validation.invalidValue' });
  const data: CheckoutLines = { checkoutId: req.checkoutId, buyerId: req.buyerId, cartEntryIds: [], cartLines: req.lines };
  if (validLines(data).lines.length === 0) return { taken: false };
  const taken = await withTransaction(deps.db, (trx) => takeOnce(trx, data, deps.now()));
  return { taken };
}
