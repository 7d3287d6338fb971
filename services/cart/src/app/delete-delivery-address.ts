import { AppError, isUuid, type CallContext } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import { removeDeliveryAddress, lockAddresses, promoteOldestDeliveryAddress } from '../db/delivery-addresses';
import { requireWritingBuyer } from './callers';
import type { CartDeps } from './deps';

/** Removes one of the buyer's addresses; when it was the default, the oldest remaining one becomes the default. */
export async function deleteDeliveryAddress(deps: CartDeps, ctx: CallContext, req: cart.DeleteDeliveryAddressRequest): Promise<cart.DeleteDeliveryAddressResponse> {
  const buyer = requireWritingBuyer(ctx);
  const deleted = isUuid(req.id)
    ? await deps.db.transaction().execute(async (trx) => {
        await lockAddresses(trx, buyer.userId);
        const row = await removeDeliveryAddress(trx, buyer.userId, req.id);
        if (row?.is_default) await promoteOldestDeliveryAddress(trx, buyer.userId);
        return row;
      })
    : undefined;
  if (!deleted) throw new AppError('not-found', { resource: 'delivery-address' });
  return {};
}
