/**
 * Line items of one supplier order (product-spec §3, calls-errors-constants §9), in integer cents
 * of AUD. One pure function prices the order panel's preview, the cart and the checkout alike, so
 * what a buyer is shown is what is charged (docs/decisions/031).
 *
 * - units: one per package line, GST-exclusive price × quantity (customer and provider).
 * - wet: 29% of the wine lines' value (customer and provider: the supplier remits it).
 * - shipping-fee: the flat rate once per order when any line ships (customer and provider).
 * - gst: 10% of goods, WET and shipping (customer and provider: the supplier remits it).
 * - customer-commission (≥ 0, default 0) and its GST: the buyer pays Caskade.
 * - provider-commission (≤ 0: the supplier's plan fee on goods) and its GST: Caskade's fee.
 * payin = Σ customer lines; payout = Σ provider lines; payin − payout = the commissions and their GST.
 */
import { gstCents, taxCents, WET_RATE } from '@caskade/kit/rules';

export const CUSTOMER = 'customer';
export const PROVIDER = 'provider';
export type Party = typeof CUSTOMER | typeof PROVIDER;

export const DELIVERY_METHODS = ['pickup', 'shipping'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * The delivery methods a listing offers, read by the cart, the checkout and the order panel alike.
 * A product offers what its supplier enabled. A service is delivered by the supplier in person
 * (a canning line at the brewery, a tasting on site): it has no pickup or shipping settings, no
 * shipping fee, and its lines carry `pickup` — the one method, chosen for the buyer.
 */
export function deliveryMethodsOf(listing: { listingType: string; pickupEnabled: boolean; shippingEnabled: boolean }): DeliveryMethod[] {
  if (listing.listingType === 'service') return ['pickup'];
  return DELIVERY_METHODS.filter((m) => (m === 'pickup' ? listing.pickupEnabled : listing.shippingEnabled));
}

/** calls-errors-constants §9 "Shipping: flat rate 1.8, handling 0": $1.80 ex GST once per order that ships (docs/decisions/031). */
export const SHIPPING_FLAT_RATE_CENTS = 180;
export const SHIPPING_HANDLING_CENTS = 0;

export const LINE_CODES = {
  units: 'units',
  wet: 'wet',
  shippingFee: 'shipping-fee',
  gst: 'gst',
  customerCommission: 'customer-commission',
  customerCommissionGst: 'customer-commission-gst',
  providerCommission: 'provider-commission',
  providerCommissionGst: 'provider-commission-gst',
} as const;

export interface PricingLine {
  listingId: string;
  /** What the line item says: the listing's title and the package. */
  description: string;
  /** The listing's category: wine lines carry WET. */
  category: string;
  packageIndex: number;
  /** GST-exclusive price of one package, cents. */
  unitPriceCents: number;
  quantity: number;
  deliveryMethod: DeliveryMethod;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  /** The supplier's platform fee on goods, a fraction (Small 0.045 …). */
  platformFeeRate: number;
  /** A fee the buyer pays Caskade on goods, a fraction; 0 by default. */
  customerCommissionRate?: number;
}

export interface LineItem {
  code: string;
  includeFor: Party[];
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  listingId: string;
  packageIndex: number;
  description: string;
}

export interface PricedOrder {
  lineItems: LineItem[];
  payinTotalCents: number;
  payoutTotalCents: number;
  gstTotalCents: number;
  wetTotalCents: number;
}

export const WINE_CATEGORY = 'wine';
const MAX_LINES = 100;
const MAX_QUANTITY = 10_000_000;

/** Thrown for input no caller should send (a programming error, not a user's). */
export class PricingError extends Error {}

function item(code: string, includeFor: Party[], total: number, description: string, quantity = 1, unit = total): LineItem {
  return { code, includeFor, quantity, unitPriceCents: unit, lineTotalCents: total, listingId: '', packageIndex: 0, description };
}

export function priceOrder(input: PricingInput): PricedOrder {
  const { lines, platformFeeRate } = input;
  const customerRate = input.customerCommissionRate ?? 0;
  if (lines.length === 0 || lines.length > MAX_LINES) throw new PricingError('an order has 1 to 100 lines');
  if (!(platformFeeRate >= 0 && platformFeeRate < 1)) throw new PricingError('the platform fee is a fraction from 0 to 1');
  if (!(customerRate >= 0 && customerRate < 1)) throw new PricingError('customer commission must be zero or positive');
  const both: Party[] = [CUSTOMER, PROVIDER];
  const items: LineItem[] = [];
  let goods = 0;
  let wine = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) throw new PricingError('unsafe money value');
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY) throw new PricingError('quantity must be a positive whole number');
    const total = line.unitPriceCents * line.quantity;
    if (!Number.isSafeInteger(total)) throw new PricingError('unsafe money value');
    goods += total;
    if (line.category === WINE_CATEGORY) wine += total;
    items.push({
      code: LINE_CODES.units, includeFor: both, quantity: line.quantity, unitPriceCents: line.unitPriceCents, lineTotalCents: total,
      listingId: line.listingId, packageIndex: line.packageIndex, description: line.description,
    });
  }
  const wet = taxCents(wine, WET_RATE);
  if (wet > 0) items.push(item(LINE_CODES.wet, both, wet, 'Wine equalisation tax (29%)'));
  const ships = lines.some((l) => l.deliveryMethod === 'shipping');
  const shipping = ships ? SHIPPING_FLAT_RATE_CENTS + SHIPPING_HANDLING_CENTS : 0;
  if (shipping > 0) items.push(item(LINE_CODES.shippingFee, both, shipping, 'Shipping (flat rate)'));
  const gst = gstCents(goods + wet + shipping);
  items.push(item(LINE_CODES.gst, both, gst, 'GST (10%)'));

  const customerCommission = taxCents(goods, customerRate);
  const customerCommissionGst = gstCents(customerCommission);
  if (customerCommission > 0) {
    items.push(item(LINE_CODES.customerCommission, [CUSTOMER], customerCommission, 'Caskade service fee'));
    items.push(item(LINE_CODES.customerCommissionGst, [CUSTOMER], customerCommissionGst, 'GST on Caskade service fee'));
  }
  const providerCommission = taxCents(goods, platformFeeRate);
  const providerCommissionGst = gstCents(providerCommission);
  items.push(item(LINE_CODES.providerCommission, [PROVIDER], -providerCommission, `Caskade platform fee (${formatRate(platformFeeRate)})`));
  items.push(item(LINE_CODES.providerCommissionGst, [PROVIDER], -providerCommissionGst, 'GST on Caskade platform fee'));

  const sum = (party: Party) => items.filter((i) => i.includeFor.includes(party)).reduce((s, i) => s + i.lineTotalCents, 0);
  return { lineItems: items, payinTotalCents: sum(CUSTOMER), payoutTotalCents: sum(PROVIDER), gstTotalCents: gst + customerCommissionGst, wetTotalCents: wet };
}

/** 0.045 → "4.5%". */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 10_000) / 100}%`;
}

/** A custom line item's code: `line-item/` + the first 63 characters of the title, spaces to hyphens, lower-cased (product-spec §3). */
export function customLineItemCode(title: string): string {
  return `line-item/${title.slice(0, 63).replace(/ /g, '-').toLowerCase()}`;
}

/** Several supplier orders of one checkout: what the buyer pays in all. */
export const payinTotal = (orders: readonly Pick<PricedOrder, 'payinTotalCents'>[]): number => orders.reduce((s, o) => s + o.payinTotalCents, 0);
