import { invalidParams, fieldErrors } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import type { AddressFields, DeliveryAddressRow } from '../db/delivery-addresses';
import { deliveryAddressSchema, type DeliveryAddressInput } from '../domain';

export function addressView(row: DeliveryAddressRow): cart.DeliveryAddress {
  return {
    id: row.id, name: row.name, street: row.street, city: row.city, state: row.state, country: row.country,
    postalCode: row.postal_code, phone: row.phone, email: row.email, isDefault: row.is_default,
  };
}

/** The request's fields checked (every one required; errors keyed by field) as columns, and whether it asks to be the default. */
export function parseAddress(fields: cart.DeliveryAddressFields | undefined): { columns: AddressFields; isDefault: boolean } {
  const parsed = deliveryAddressSchema.safeParse(fields ?? {});
  if (!parsed.success) throw invalidParams(fieldErrors(parsed.error));
  const a: DeliveryAddressInput = parsed.data;
  return {
    columns: { name: a.name, street: a.street, city: a.city, state: a.state, country: a.country, postal_code: a.postalCode, phone: a.phone, email: a.email },
    isDefault: a.isDefault,
  };
}
