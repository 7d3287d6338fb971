import { AppError, isUuid, type CallContext } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import { findDeliveryAddress, lockAddresses, setDefaultDeliveryAddress, changeDeliveryAddress } from '../db/delivery-addresses';
import { addressView, parseAddress } from './address-view';
import { requireWritingBuyer } from './callers';
import type { CartDeps } from './deps';

const addressNotFound = () => new AppError('not-found', { resource: 'delivery-address' });

/**
 * Replaces one of the buyer's addresses (every field, as on create). isDefault=true makes it the
 * default; false on the default leaves it the default, since a buyer with addresses always has one
 * (docs/decisions/041). Another buyer's address is not-found.
 */
export async function updateDeliveryAddress(deps: CartDeps, ctx: CallContext, req: cart.UpdateDeliveryAddressRequest): Promise<cart.UpdateDeliveryAddressResponse> {
  const buyer = requireWritingBuyer(ctx);
  if (!isUuid(req.id)) throw addressNotFound();
  const { columns, isDefault } = parseAddress(req.fields);
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockAddresses(trx, buyer.userId);
    if (!(await findDeliveryAddress(trx, buyer.userId, req.id))) throw addressNotFound();
    await changeDeliveryAddress(trx, buyer.userId, req.id, columns, deps.now());
    if (isDefault) await setDefaultDeliveryAddress(trx, buyer.userId, req.id);
    return findDeliveryAddress(trx, buyer.userId, req.id);
  });
  if (!row) throw addressNotFound();
  return { address: addressView(row) };
}
