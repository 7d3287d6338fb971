/**
 * Tax invoices of an order (beyond the spec; docs/decisions/045), from its stored priced line items
 * (pricing.ts) — never priced again. Two kinds:
 * - supply: the supplier's tax invoice to the buyer for what the order sold (units, shipping,
 *   custom lines), with WET, GST and the GST-inclusive total;
 * - platform-fee: Caskade's tax invoice to the supplier for the platform fee and its GST.
 * Pure and browser-safe: the web reads who may download which from here.
 */
import { LOCALE } from '@caskade/kit/rules';
import { CUSTOMER, LINE_CODES, PROVIDER, type LineItem, type PricedOrder } from './pricing';
import { isPurchasedOrLater, type Actor, type ProcessName } from './processes';
import { stateGroupOf } from './after-purchase';

export const INVOICE_KINDS = ['supply', 'platform-fee'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The ATO's threshold: a tax invoice of $1,000 or more (GST inclusive) shows the buyer's identity and ABN. */
export const ABN_REQUIRED_FROM_CENTS = 100_000;
/** The day an invoice is dated is the day in this zone (the marketplace's home; docs/decisions/045). */
export const INVOICE_TIME_ZONE = 'Australia/Sydney';
export const TAX_INVOICE_TITLE = 'Tax invoice';

/** Who may download each kind: the order's parties and the operator; the platform fee is the supplier's business only. */
const INVOICE_READERS: Readonly<Record<InvoiceKind, readonly Actor[]>> = {
  supply: ['customer', 'provider', 'operator'],
  'platform-fee': ['provider', 'operator'],
};

/** `viewer`: the caller's role in the order (an Actor; the web passes the API's viewerRole string). */
export const mayReadInvoice = (kind: InvoiceKind, viewer: string): boolean => (INVOICE_READERS[kind] as readonly string[]).includes(viewer);

/**
 * An order has tax invoices once it was bought: purchased or later now, and its activity reached a
 * purchased state. A multi-vendor order whose pending payment the operator canceled ends in the same
 * state as one canceled after purchase, but nothing was supplied or paid: it has none.
 */
export function isInvoiceable(process: ProcessName, state: string, activityToStates: readonly string[]): boolean {
  return isPurchasedOrLater(process, state) && activityToStates.some((s) => stateGroupOf(s) === 'purchased');
}

export interface InvoiceParty {
  name: string;
  /** ABN or ACN as recorded (digits, maybe spaced); empty when unknown. */
  abn: string;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** GST-exclusive price of one, cents. */
  unitPriceCents: number;
  /** GST-exclusive, cents. */
  totalCents: number;
}

/**
 * A refund after the supply (a cancelled or settled order): the adjustment the invoice carries, so
 * the buyer's records match what was paid. GST is refunded in proportion to the invoice's total.
 */
export interface InvoiceAdjustment {
  /** en-AU long date of the refund, as issueDate. */
  date: string;
  refundedCents: number;
  /** The GST within the refund. */
  gstCents: number;
  /** What the recipient paid after the refund, GST inclusive. */
  totalAfterCents: number;
}

export interface TaxInvoice {
  kind: InvoiceKind;
  title: typeof TAX_INVOICE_TITLE;
  /** The order number (the platform-fee invoice adds "-F"). */
  number: string;
  /** en-AU long date in INVOICE_TIME_ZONE, e.g. "26 November 2026". */
  issueDate: string;
  /** Who makes the supply and issues the invoice. */
  seller: InvoiceParty;
  /** The buyer of the supply; `abn` is empty below ABN_REQUIRED_FROM_CENTS. */
  recipient: InvoiceParty;
  lines: InvoiceLine[];
  wetCents: number;
  gstCents: number;
  /** Lines and WET, before GST. */
  totalExGstCents: number;
  /** What the recipient pays for this supply, GST inclusive. */
  totalCents: number;
  /** The refund of a supply invoice; null when nothing was refunded (and always on the platform fee's). */
  adjustment: InvoiceAdjustment | null;
}

export interface InvoiceInput {
  kind: InvoiceKind;
  orderNumber: string;
  /** When the order was purchased: the supply's date, so every download is the same document. */
  purchasedAt: Date;
  supplier: InvoiceParty;
  buyer: InvoiceParty;
  /** Caskade itself, the seller of the platform fee. */
  platform: InvoiceParty;
  priced: PricedOrder;
  /** Refunded to the buyer after the purchase, and when (the supply invoice states it as an adjustment). */
  refund?: { cents: number; at: Date } | undefined;
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: INVOICE_TIME_ZONE });
export const formatInvoiceDate = (at: Date): string => dateFormat.format(at);

/** "12345600360" → "12 345 600 360" (ABN), "123456789" → "123 456 789" (ACN); anything else as given. */
export function formatAbn(value: string): string {
  const digits = value.replace(/\s/g, '');
  if (/^\d{11}$/.test(digits)) return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
  if (/^\d{9}$/.test(digits)) return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  return value.trim();
}

/** Line codes that are taxes or Caskade's own fee to the buyer, not the supplier's supply. */
const NOT_SUPPLY: ReadonlySet<string> = new Set([LINE_CODES.gst, LINE_CODES.wet, LINE_CODES.customerCommission, LINE_CODES.customerCommissionGst]);

const sumOf = (items: readonly LineItem[]): number => items.reduce((s, i) => s + i.lineTotalCents, 0);
const asLine = (i: LineItem, sign: 1 | -1 = 1): InvoiceLine => ({
  description: i.description, quantity: i.quantity, unitPriceCents: sign * i.unitPriceCents, totalCents: sign * i.lineTotalCents,
});

/** The invoice's content: lines, WET, GST and totals as the order's line items say them. */
export function buildTaxInvoice(input: InvoiceInput): TaxInvoice {
  const items = input.priced.lineItems;
  const { lines, wetCents, gstCents, seller, recipient, number } =
    input.kind === 'supply'
      ? (() => {
          const forBuyer = items.filter((i) => i.includeFor.includes(CUSTOMER));
          return {
            lines: forBuyer.filter((i) => !NOT_SUPPLY.has(i.code)).map((i) => asLine(i)),
            wetCents: sumOf(forBuyer.filter((i) => i.code === LINE_CODES.wet)),
            gstCents: sumOf(forBuyer.filter((i) => i.code === LINE_CODES.gst)),
            seller: input.supplier,
            recipient: input.buyer,
            number: input.orderNumber,
          };
        })()
      : (() => {
          // The supplier's payout carries the fee as negative lines: the invoice states the fee itself.
          const forSupplier = items.filter((i) => i.includeFor.includes(PROVIDER));
          return {
            lines: forSupplier.filter((i) => i.code === LINE_CODES.providerCommission).map((i) => asLine(i, -1)),
            wetCents: 0,
            gstCents: -sumOf(forSupplier.filter((i) => i.code === LINE_CODES.providerCommissionGst)),
            seller: input.platform,
            recipient: input.supplier,
            number: `${input.orderNumber}-F`,
          };
        })();
  const totalExGstCents = lines.reduce((s, l) => s + l.totalCents, 0) + wetCents;
  const totalCents = totalExGstCents + gstCents;
  const refunded = input.kind === 'supply' && input.refund && input.refund.cents > 0 ? input.refund : null;
  const adjustment: InvoiceAdjustment | null = refunded
    ? {
        date: formatInvoiceDate(refunded.at),
        refundedCents: Math.min(refunded.cents, totalCents),
        gstCents: totalCents > 0 ? Math.round((Math.min(refunded.cents, totalCents) * gstCents) / totalCents) : 0,
        totalAfterCents: totalCents - Math.min(refunded.cents, totalCents),
      }
    : null;
  return {
    kind: input.kind,
    title: TAX_INVOICE_TITLE,
    number,
    issueDate: formatInvoiceDate(input.purchasedAt),
    seller: { name: seller.name, abn: seller.abn },
    recipient: { name: recipient.name, abn: totalCents >= ABN_REQUIRED_FROM_CENTS ? recipient.abn : '' },
    lines,
    wetCents,
    gstCents,
    totalExGstCents,
    totalCents,
    adjustment,
  };
}

/** The file name a browser saves an invoice under: order numbers are [A-Z0-9-], so it needs no quoting. */
export const invoiceFileName = (kind: InvoiceKind, orderNumber: string): string =>
  `${kind === 'supply' ? 'tax-invoice' : 'platform-fee-invoice'}-${orderNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
