/** The order panel's fields, as the API names them. */
export const ORDER_FIELDS = ['packageIndex', 'quantity', 'deliveryMethod'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/**
 * The server's field errors that belong to the order panel's fields: named flat by the cart
 * (`quantity`) or by the body's path under `orderData` by the line-items preview and Buy now
 * (`orderData.quantity`).
 */
export function orderFieldErrors(fields: Record<string, string>): Partial<Record<OrderField, string>> {
  const out: Partial<Record<OrderField, string>> = {};
  for (const name of ORDER_FIELDS) {
    const key = fields[name] ?? fields[`orderData.${name}`];
    if (key) out[name] = key;
  }
  return out;
}
