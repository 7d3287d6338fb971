import { AppError, invalidParams, isUuid, type CallContext } from '@caskade/kit';
import type { Address } from '../db/records';
import { ORDER_MSG } from '../domain/messages';
import type { OrdersDeps } from './deps';

/** The buyer's saved delivery address `id` (from the cart service, asked as the buyer), snapshotted onto the orders. */
export async function deliveryAddressFor(deps: OrdersDeps, ctx: CallContext, id: string): Promise<Address> {
  if (!isUuid(id)) throw invalidParams({ deliveryAddressId: 'validation.required' });
  const found = (await deps.cart.listDeliveryAddresses({}, ctx)).addresses.find((a) => a.id === id);
  if (!found) throw new AppError('not-found', { resource: 'delivery address', field: 'deliveryAddressId' });
  return { name: found.name, street: found.street, city: found.city, state: found.state, country: found.country, postalCode: found.postalCode, phone: found.phone, email: found.email };
}

/** 400 for a checkout delivering a listing to a state it is not sold in (the address is the field to change). */
export function stateNotServed(listingId: string): AppError {
  return new AppError('validation-invalid-params', { fields: { deliveryAddressId: ORDER_MSG.stateNotServed }, listingId });
}
