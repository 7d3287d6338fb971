import { invalidParams, type CallContext } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import { randomUUID } from 'node:crypto';
import { countDeliveryAddresses, findDeliveryAddress, insertDeliveryAddress, lockAddresses, setDefaultDeliveryAddress } from '../db/delivery-addresses';
import { ADDRESS_MSG, MAX_DELIVERY_ADDRESSES } from '../domain';
import { addressView, parseAddress } from './address-view';
import { requireWritingBuyer } from './callers';
import type { CartDeps } from './deps';

/** A new delivery address (at most 20); the first one, or one asked to be, becomes the one default. */
export async function createDeliveryAddress(deps: CartDeps, ctx: CallContext, req: cart.CreateDeliveryAddressRequest): Promise<cart.CreateDeliveryAddressResponse> {
  const buyer = requireWritingBuyer(ctx);
  const { columns, isDefault } = parseAddress(req.fields);
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockAddresses(trx, buyer.userId);
    const count = await countDeliveryAddresses(trx, buyer.userId);
    if (count >= MAX_DELIVERY_ADDRESSES) throw invalidParams({ addresses: ADDRESS_MSG.tooManyAddresses });
    const id = randomUUID();
    const inserted = await insertDeliveryAddress(trx, { id, buyer_id: buyer.userId, is_default: false, ...columns }, deps.now());
    if (count > 0 && !isDefault) return inserted;
    await setDefaultDeliveryAddress(trx, buyer.userId, id);
    return (await findDeliveryAddress(trx, buyer.userId, id)) ?? inserted;
  });
  return { address: addressView(row) };
}
