/**
 * Reorder ("Order again", calls-errors-constants §5): an order's lines go back in the buyer's cart
 * at today's prices; a line that cannot is reported with the spec's reason and the rest still go in.
 */
import { ORDER_MSG } from './messages';

export const REORDER_ERROR = {
  /** The listing is gone (deleted, closed or no longer published). */
  listingNotFound: 'Listing info not found',
  /** More than the listing has in stock now (with what is already in the cart). */
  notEnoughQuantity: 'not-enough-quantity',
} as const;

/**
 * Why the cart refused a line, from its error code and field message keys: the spec's two reasons,
 * else the cart's own message key (a delivery method no longer offered, say), else the code.
 */
export function reorderErrorOf(code: string, fields: Readonly<Record<string, string>>): string {
  if (code === 'transaction-listing-not-found' || code === 'not-found') return REORDER_ERROR.listingNotFound;
  if (code === 'transaction-listing-insufficient-stock' || fields.quantity === ORDER_MSG.quantityOverMsg) return REORDER_ERROR.notEnoughQuantity;
  return Object.values(fields)[0] ?? code;
}
