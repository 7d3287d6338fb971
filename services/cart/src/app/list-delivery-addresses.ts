import type { CallContext } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import { findDeliveryAddresses } from '../db/delivery-addresses';
import { addressView } from './address-view';
import { requireBuyer } from './callers';
import type { CartDeps } from './deps';

/** The caller's own delivery addresses, oldest first. */
export async function listDeliveryAddresses(deps: CartDeps, ctx: CallContext): Promise<cart.ListDeliveryAddressesResponse> {
  const buyer = requireBuyer(ctx);
  return { addresses: (await findDeliveryAddresses(deps.db, buyer.userId)).map(addressView) };
}
