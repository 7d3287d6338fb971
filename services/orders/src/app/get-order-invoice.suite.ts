/**
 * Tax invoices on the real services, read back with pdftotext (poppler-utils): the supplier's
 * invoice carries its name and ABN, each line, the WET, the GST and the total exactly as the
 * order's stored line items say, the buyer's ABN from $1,000; Caskade's platform-fee invoice
 * carries the fee and its GST; only the order's parties and the operator may download, and only
 * once the order is purchased. The invoice's names and ABNs come from a directory standing in for
 * identity's GetUsers (with_abn), so each test says exactly whose ABN it expects.
 */
import { randomUUID } from 'node:crypto';
import { CASKADE_ABN, CASKADE_LEGAL_NAME, formatAud, type CallContext } from '@caskade/kit';
import { expectAppError, pdfTextLines, solidPng } from '@caskade/kit/testing';
import { catalog, identity } from '@caskade/proto';
import { formatAbn, formatInvoiceDate } from '../domain/invoice';
import { LINE_CODES } from '../domain/pricing';
import { ctxOf, describeOrders, eventually, type OrdersHarness } from '../testing/harness';

/** The PDF's text, one row a line (pdftotext -layout). */
const pdfText = async (pdf: Uint8Array): Promise<string> => (await pdfTextLines(pdf)).join('\n');

const sumOf = (items: readonly { code: string; lineTotalCents: number }[], code: string): number => items.filter((i) => i.code === code).reduce((s, i) => s + i.lineTotalCents, 0);
const uid = (ctx: CallContext): string => ctx.caller?.userId ?? '';

/** A published wine of `supplier`: a $240 (ex GST) case, picked up. Wine carries WET. */
async function wineListing(h: OrdersHarness, supplier: CallContext, title: string): Promise<catalog.Listing> {
  const imageId = (await h.catalogClient.uploadImage({ data: solidPng(64, 48), fileName: 'wine.png' }, supplier, { deadlineMs: 20_000 })).image?.id ?? '';
  const fields = catalog.ListingFields.fromPartial({
    listingType: 'product', title, description: `${title}, for the trade.`, category: 'wine', productType: 'red', style: 'full-bodied',
    attributes: { alcoholicPercent: 13.5 },
    pricePackages: [{ packageType: 'bottle', size: 750, unit: 'ml', quantity: 12, priceCents: 24_000, sku: 'CASE-12' }],
    location: { address: '3 Vineyard Rd, Tanunda SA', state: 'SA', postcode: '5352', lat: -34.52, lng: 138.96 },
    pickupEnabled: true, shippingEnabled: false, imageIds: [imageId],
  });
  const draft = (await h.catalogClient.createListing({ fields, stockQuantity: 50 }, supplier)).listing?.id ?? '';
  const published = (await h.catalogClient.publishListing({ id: draft }, supplier)).listing;
  if (published?.state !== 'published') throw new Error(`${title} did not publish`);
  return published;
}

/** One supplier order of `quantity` of `listing`, paid by card: waits until it is purchased. */
async function buy(h: OrdersHarness, listing: catalog.Listing, quantity: number, paymentMethodId = 'pm_card_visa') {
  const { ctx, addressId } = await h.buyer();
  await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity, deliveryMethod: 'pickup' }, ctx);
  const out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0,
    idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId, bankTransfer: false }, speculative: false, billing: undefined,
  }, ctx, { deadlineMs: 20_000 });
  const id = out.outcome?.checkout?.orders[0]?.id ?? '';
  return { id, buyer: ctx };
}

async function purchased(h: OrdersHarness, id: string, buyer: CallContext) {
  const order = await eventually(async () => (await h.client.getOrder({ id }, buyer)).order, (o) => o?.state === 'purchased-multi-vendor');
  if (!order?.priced) throw new Error(`order ${id} was not purchased: ${order?.state ?? 'missing'}`);
  return { ...order, priced: order.priced };
}

/**
 * Identity's GetUsers for the invoices of these tests: company names and ABNs of `people` when the
 * ABN is asked for (the invoice's call); every other call (checkout's licence check) goes to identity.
 */
function directory(h: OrdersHarness, people: Map<string, { companyName: string; abnAcn: string }>): () => void {
  const real = h.orders.deps.identity;
  h.orders.deps.identity = {
    getUsers: (req, ctx, opts) => {
      if (req.withAbn !== true) return real.getUsers(req, ctx, opts);
      return Promise.resolve({
        users: req.ids.flatMap((id) => {
          const p = people.get(id);
          return p ? [identity.PublicUser.fromPartial({ id, companyName: p.companyName, displayName: p.companyName, abnAcn: p.abnAcn })] : [];
        }),
      });
    },
  };
  return () => {
    h.orders.deps.identity = real;
  };
}

const SUPPLIER_ABN = '11222333444';
const BUYER_ABN = '99888777666';

describeOrders('tax invoices', (harness, { test: it }) => {
  it('the supplier\'s invoice says what the order\'s line items say: lines, WET, GST, total, ABNs', async () => {
    const h = harness();
    const supplier = await h.supplier('Barossa Cellars');
    const wine = await wineListing(h, supplier, `Old Vine Shiraz ${randomUUID().slice(0, 4)}`);
    const { id, buyer } = await buy(h, wine, 3);
    const order = await purchased(h, id, buyer);
    const restore = directory(h, new Map([
      [uid(supplier), { companyName: 'Barossa Cellars Pty Ltd', abnAcn: SUPPLIER_ABN }],
      [uid(buyer), { companyName: 'Fitzroy Alehouse Pty Ltd', abnAcn: BUYER_ABN }],
    ]));
    try {
      const out = await h.client.getOrderInvoice({ id, kind: '' }, buyer);
      expect([Buffer.from(out.pdf).subarray(0, 5).toString('latin1'), out.filename]).toEqual(['%PDF-', `tax-invoice-${order.orderNumber}.pdf`]);
      const text = await pdfText(out.pdf);
      const items = order.priced.lineItems;
      const units = items.filter((i) => i.code === LINE_CODES.units);
      expect(units.map((u) => [u.quantity, u.unitPriceCents, u.lineTotalCents])).toEqual([[3, 24_000, 72_000]]);
      const wet = sumOf(items, LINE_CODES.wet);
      const gst = sumOf(items, LINE_CODES.gst);
      // $720 of wine: WET 29% = $208.80; GST 10% of $928.80 = $92.88; $1,021.68 in all — over $1,000, so the buyer's ABN shows.
      expect([wet, gst, order.priced.payinTotalCents]).toEqual([20_880, 9_288, 102_168]);
      const lines = text.split('\n');
      expect(lines.slice(0, 3)).toEqual(['Tax invoice', `Invoice number: ${order.orderNumber}`, `Date of issue: ${formatInvoiceDate(new Date(h.clock.now))}`]);
      expect(lines).toEqual(expect.arrayContaining([
        'From', 'Barossa Cellars Pty Ltd', `ABN ${formatAbn(SUPPLIER_ABN)}`,
        'To', 'Fitzroy Alehouse Pty Ltd', `ABN ${formatAbn(BUYER_ABN)}`,
        `${units[0]?.description ?? '?'} 3 ${formatAud(24_000)} ${formatAud(72_000)}`,
        `WET (wine equalisation tax) ${formatAud(wet)}`,
        `Total excluding GST ${formatAud(72_000 + wet)}`,
        `GST (10%) ${formatAud(gst)}`,
        `Total including GST ${formatAud(order.priced.payinTotalCents)}`,
      ]));
      expect(text).toContain('$1,021.68');
      // The supplier and the operator get the same document.
      const bySupplier = await h.client.getOrderInvoice({ id, kind: 'supply' }, supplier);
      const byOperator = await h.client.getOrderInvoice({ id, kind: '' }, ctxOf(randomUUID(), 'operator'));
      expect([await pdfText(bySupplier.pdf), await pdfText(byOperator.pdf)]).toEqual([text, text]);
    } finally {
      restore();
    }
  }, 60_000);

  it('below $1,000 the buyer is named without its ABN; Caskade\'s platform-fee invoice states the fee and its GST', async () => {
    const h = harness();
    const supplier = await h.supplier('Small Batch Brewing');
    const beer = await h.listing(supplier, `Session Ale ${randomUUID().slice(0, 4)}`, 10);
    const { id, buyer } = await buy(h, beer, 1);
    const order = await purchased(h, id, buyer);
    const restore = directory(h, new Map([
      [uid(supplier), { companyName: 'Small Batch Brewing Co', abnAcn: SUPPLIER_ABN }],
      [uid(buyer), { companyName: 'Corner Bottle Shop', abnAcn: BUYER_ABN }],
    ]));
    try {
      const supply = await pdfText((await h.client.getOrderInvoice({ id, kind: '' }, buyer)).pdf);
      expect(order.priced.payinTotalCents).toBe(26_400);
      expect(supply.split('\n')).toEqual(expect.arrayContaining(['Corner Bottle Shop', `GST (10%) ${formatAud(2_400)}`, `Total including GST ${formatAud(26_400)}`]));
      expect(supply).not.toContain(formatAbn(BUYER_ABN));

      const fee = await h.client.getOrderInvoice({ id, kind: 'platform-fee' }, supplier);
      expect(fee.filename).toBe(`platform-fee-invoice-${order.orderNumber}.pdf`);
      const text = (await pdfText(fee.pdf)).split('\n');
      const commission = -sumOf(order.priced.lineItems, LINE_CODES.providerCommission);
      const commissionGst = -sumOf(order.priced.lineItems, LINE_CODES.providerCommissionGst);
      expect([commission, commissionGst]).toEqual([1_080, 108]);
      expect(text).toEqual(expect.arrayContaining([
        'Tax invoice', `Invoice number: ${order.orderNumber}-F`,
        'From', CASKADE_LEGAL_NAME, `ABN ${formatAbn(CASKADE_ABN)}`, 'To', 'Small Batch Brewing Co',
        `Caskade platform fee (4.5%) 1 ${formatAud(commission)} ${formatAud(commission)}`,
        `GST (10%) ${formatAud(commissionGst)}`, `Total including GST ${formatAud(commission + commissionGst)}`,
      ]));
      const byOperator = await h.client.getOrderInvoice({ id, kind: 'platform-fee' }, ctxOf(randomUUID(), 'operator'));
      expect((await pdfText(byOperator.pdf)).split('\n')).toEqual(text);
    } finally {
      restore();
    }
  }, 60_000);

  it('a cancelled order\'s invoice carries the refund as an adjustment note: the amount, the GST within it and the total after it', async () => {
    const h = harness();
    const supplier = await h.supplier();
    const beer = await h.listing(supplier, `Refund Ale ${randomUUID().slice(0, 4)}`, 10);
    const { id, buyer } = await buy(h, beer, 1);
    await purchased(h, id, buyer);
    const restore = directory(h, new Map());
    try {
      // Before any refund: no adjustment.
      expect(await pdfText((await h.client.getOrderInvoice({ id, kind: '' }, buyer)).pdf)).not.toContain('Adjustment note');
      await h.client.transitionOrder({ id, transition: 'transition/multi-vendor-buyer-cancel', paramsJson: '{}' }, buyer);
      // The refund lands through the transition's event (orders' own consumer records it).
      const refunded = await eventually(async () => (await h.client.getOrder({ id }, buyer)).order?.refundedCents ?? 0, (c) => c === 26_400);
      expect(refunded).toBe(26_400);
      const lines = (await pdfText((await h.client.getOrderInvoice({ id, kind: '' }, buyer)).pdf)).split('\n');
      expect(lines).toEqual(expect.arrayContaining([
        `Total including GST ${formatAud(26_400)}`, 'Adjustment note',
        `Refunded to the buyer on ${formatInvoiceDate(new Date(h.clock.now))} ${formatAud(-26_400)}`,
        `GST included in the refund ${formatAud(-2_400)}`, `Total after adjustment (incl. GST) ${formatAud(0)}`,
      ]));
    } finally {
      restore();
    }
  }, 60_000);

  it('anyone else gets not-found; the buyer may not have the platform-fee invoice; none before purchase; a bad kind is refused', async () => {
    const h = harness();
    const supplier = await h.supplier();
    const beer = await h.listing(supplier, `Access Ale ${randomUUID().slice(0, 4)}`, 10);
    const { id, buyer } = await buy(h, beer, 1);
    await purchased(h, id, buyer);
    const restore = directory(h, new Map());
    try {
      const otherBuyer = (await h.buyer()).ctx;
      const otherSupplier = await h.supplier();
      await expectAppError(h.client.getOrderInvoice({ id, kind: '' }, otherBuyer), 'not-found');
      await expectAppError(h.client.getOrderInvoice({ id, kind: '' }, otherSupplier), 'not-found');
      await expectAppError(h.client.getOrderInvoice({ id, kind: 'platform-fee' }, otherSupplier), 'not-found');
      await expectAppError(h.client.getOrderInvoice({ id: randomUUID(), kind: '' }, buyer), 'not-found');
      await expectAppError(h.client.getOrderInvoice({ id, kind: 'platform-fee' }, buyer), 'forbidden');
      await expectAppError(h.client.getOrderInvoice({ id, kind: 'credit-note' }, supplier), 'validation-invalid-params');
      // The names come from the order when identity knows no one; the document is still made.
      const text = await pdfText((await h.client.getOrderInvoice({ id, kind: '' }, supplier)).pdf);
      expect(text.split('\n')).toEqual(expect.arrayContaining(['Tax invoice', `Total including GST ${formatAud(26_400)}`]));

      // An order still waiting for its payment has no invoice yet.
      const pending = await buy(h, beer, 1, 'pm_card_authenticationRequired');
      expect((await h.client.getOrder({ id: pending.id }, pending.buyer)).order?.state).toBe('pending-payment-multi-vendor');
      await expectAppError(h.client.getOrderInvoice({ id: pending.id, kind: '' }, pending.buyer), 'transaction-invalid-transition');
      await expectAppError(h.client.getOrderInvoice({ id: pending.id, kind: 'platform-fee' }, supplier), 'transaction-invalid-transition');
      // The operator cancels that pending payment: canceled as an order canceled after purchase is, but never bought — still none.
      const operator = ctxOf(randomUUID(), 'operator');
      await h.client.transitionOrder({ id: pending.id, transition: 'transition/multi-vendor-operator-cancel-payment', paramsJson: '' }, operator);
      expect((await h.client.getOrder({ id: pending.id }, pending.buyer)).order?.state).toBe('canceled-multi-vendor');
      await expectAppError(h.client.getOrderInvoice({ id: pending.id, kind: '' }, pending.buyer), 'transaction-invalid-transition');
      await expectAppError(h.client.getOrderInvoice({ id: pending.id, kind: 'platform-fee' }, supplier), 'transaction-invalid-transition');
    } finally {
      restore();
    }
  }, 60_000);
});
