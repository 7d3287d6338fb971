/** Proto messages of cart, orders and payments → the JSON the contract describes (absent messages as null). */
import { AppError } from '@caskade/kit';
import type { cart, orders, payments } from '@caskade/proto';
import type { CartView, CheckoutOutcomeView, CheckoutView, DeliveryAddressView, OrderView, PaymentMethodView, PricedOrderView } from '../contract';

const priced = (p: orders.PricedOrder | undefined): PricedOrderView | null =>
  p ? { ...p, lineItems: p.lineItems.map((i) => ({ ...i, includeFor: i.includeFor.filter((x): x is 'customer' | 'provider' => x === 'customer' || x === 'provider') })) } : null;

export function cartView(c: cart.Cart | undefined): CartView {
  if (!c) return { suppliers: [], itemCount: 0, entryCount: 0, payinTotalCents: 0, canCheckOut: false };
  return {
    ...c,
    suppliers: c.suppliers.map((g) => ({ ...g, priced: priced(g.priced), entries: g.entries.map((e) => ({ ...e, package: e.package ?? null })) })),
  };
}

export function orderView(o: orders.Order): OrderView {
  const none = { id: '', name: '' };
  return { ...o, customer: o.customer ?? none, provider: o.provider ?? none, priced: priced(o.priced), deliveryAddress: o.deliveryAddress ?? null };
}

export function checkoutView(c: orders.Checkout): CheckoutView {
  return { ...c, orders: c.orders.map(orderView), bankTransfer: c.bankTransfer ?? null, billing: c.billing ?? null };
}

export function outcomeView(o: orders.CheckoutOutcome | undefined): CheckoutOutcomeView {
  return { checkout: o?.checkout ? checkoutView(o.checkout) : null, preview: (o?.preview ?? []).map(orderView), replayed: o?.replayed ?? false };
}

export const addressView = (a: cart.DeliveryAddress | undefined): DeliveryAddressView | null => (a ? { ...a } : null);

export function paymentMethodView(m: payments.PaymentMethod): PaymentMethodView {
  return { ...m, type: m.type === 'au_becs_debit' ? 'au_becs_debit' : 'card' };
}

export { priced as pricedView };

/** The order panel's fields, sent under `orderData` (the line-items preview, Buy now). */
const ORDER_DATA_FIELDS = ['sku', 'packageIndex', 'quantity', 'deliveryMethod'];

/**
 * Runs a call whose body nests the order panel's choice under `orderData`: a field error the
 * service names by the flat field (`quantity`) is answered by the body's path (`orderData.quantity`),
 * as the body's schema names its own errors, so one field has one key whichever side refused it.
 */
export async function orderDataFields<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const fields = err instanceof AppError && err.code === 'validation-invalid-params' ? err.meta?.['fields'] : undefined;
    if (!(err instanceof AppError) || fields === null || typeof fields !== 'object') throw err;
    const renamed = Object.fromEntries(Object.entries(fields).map(([key, value]) => [ORDER_DATA_FIELDS.includes(key) ? `orderData.${key}` : key, value]));
    throw new AppError(err.code, { ...err.meta, fields: renamed });
  }
}
