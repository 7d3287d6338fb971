/**
 * What a refused checkout says (the checkout pages only: kept out of the listing page's code). A
 * refusal for suppliers without a payout account names them, so the buyer knows which lines to take
 * out of the cart, as does a supplier's refusal (its minimum order not met); anything else is the
 * general wording (buyingMessages' failureMessages).
 */
import { ORDER_MSG } from '@caskade/orders/domain';
import { isApiError } from '../api/client';
import { buyingMessage, failureMessages } from './buyingMessages';

const SUPPLIER_FIELD = 'suppliers.';

export const missingPayoutAccount = (names: string[]): string =>
  `${names.join(', ')} ${names.length === 1 ? 'hasn’t' : 'haven’t'} finished setting up payouts, so ${names.length === 1 ? 'its' : 'their'} products can’t be bought yet. Remove them from your cart to check out the rest.`;

const minimumIs = (min: number): string => `The minimum order is ${min} ${min === 1 ? 'package' : 'packages'}.`;

export function checkoutFailureMessages(error: unknown, supplierName: (supplierId: string) => string | undefined): string[] {
  const minimum = isApiError(error) ? error.meta?.['minimumOrderQuantity'] : undefined;
  const notMet = buyingMessage(ORDER_MSG.minimumOrderNotMet);
  // A minimum order refusal says how many packages it takes (the refusal carries the supplier's minimum).
  const withMinimum = (message: string): string => (message.endsWith(notMet) && typeof minimum === 'number' ? `${message}. ${minimumIs(minimum)}` : message);
  return checkoutFailures(error, supplierName).map(withMinimum);
}

function checkoutFailures(error: unknown, supplierName: (supplierId: string) => string | undefined): string[] {
  const supplierIds = isApiError(error) ? error.meta?.['supplierIds'] : undefined;
  if (isApiError(error) && error.code === 'transaction-missing-stripe-account' && Array.isArray(supplierIds)) {
    const names = supplierIds.flatMap((id) => (typeof id === 'string' ? [supplierName(id)] : [])).filter((n): n is string => Boolean(n));
    if (names.length > 0) return [missingPayoutAccount(names)];
  }
  // A refusal per supplier (`suppliers.<id>`: its minimum order, say) says whose.
  const bySupplier = isApiError(error) ? Object.entries(error.fields).filter(([field]) => field.startsWith(SUPPLIER_FIELD)) : [];
  if (bySupplier.length > 0) {
    return bySupplier.map(([field, key]) => {
      const name = supplierName(field.slice(SUPPLIER_FIELD.length));
      return name ? `${name}: ${buyingMessage(key)}` : buyingMessage(key);
    });
  }
  return failureMessages(error);
}
