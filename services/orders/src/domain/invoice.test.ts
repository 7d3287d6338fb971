import fc from 'fast-check';
import { ABN_REQUIRED_FROM_CENTS, buildTaxInvoice, formatAbn, formatInvoiceDate, invoiceFileName, mayReadInvoice, type InvoiceInput } from './invoice';
import { LINE_CODES, priceOrder, type LineItem, type PricingLine } from './pricing';

const line = (over: Partial<PricingLine> = {}): PricingLine => ({
  listingId: 'l1', description: 'Pale ale — 50 L keg', category: 'beer', packageIndex: 0, unitPriceCents: 24_000, quantity: 2, deliveryMethod: 'pickup', ...over,
});
const input = (over: Partial<InvoiceInput> = {}): InvoiceInput => ({
  kind: 'supply',
  orderNumber: 'CK-ACDE-FGHJ',
  purchasedAt: new Date('2026-11-26T03:00:00Z'),
  supplier: { name: 'Yarra Brewing Pty Ltd', abn: '51824753556' },
  buyer: { name: 'Fitzroy Alehouse Pty Ltd', abn: '12345600360' },
  platform: { name: 'Caskade', abn: '99000000000' },
  priced: priceOrder({ lines: [line()], platformFeeRate: 0.045 }),
  ...over,
});
const totalOf = (items: readonly LineItem[], code: string) => items.filter((i) => i.code === code).reduce((s, i) => s + i.lineTotalCents, 0);

describe('buildTaxInvoice: the supplier\'s tax invoice to the buyer', () => {
  it('lists each supplied line with its quantity and price, then GST and the GST-inclusive total', () => {
    const inv = buildTaxInvoice(input());
    expect(inv).toEqual({
      kind: 'supply', title: 'Tax invoice', number: 'CK-ACDE-FGHJ', issueDate: '26 November 2026',
      seller: { name: 'Yarra Brewing Pty Ltd', abn: '51824753556' },
      recipient: { name: 'Fitzroy Alehouse Pty Ltd', abn: '' },
      lines: [{ description: 'Pale ale — 50 L keg', quantity: 2, unitPriceCents: 24_000, totalCents: 48_000 }],
      wetCents: 0, gstCents: 4_800, totalExGstCents: 48_000, totalCents: 52_800, adjustment: null,
    });
  });

  it('states a refund after the purchase as an adjustment: its date, the GST within it and what was paid after it', () => {
    const inv = buildTaxInvoice(input({ refund: { cents: 13_200, at: new Date('2026-12-03T01:00:00Z') } }));
    // The invoice itself is unchanged (the supply happened); the adjustment says what came back.
    expect([inv.totalCents, inv.gstCents]).toEqual([52_800, 4_800]);
    expect(inv.adjustment).toEqual({ date: '3 December 2026', refundedCents: 13_200, gstCents: 1_200, totalAfterCents: 39_600 });
    // A whole refund takes all the GST back; the platform fee's invoice never carries the buyer's refund.
    expect(buildTaxInvoice(input({ refund: { cents: 52_800, at: new Date('2026-12-03T01:00:00Z') } })).adjustment).toEqual({ date: '3 December 2026', refundedCents: 52_800, gstCents: 4_800, totalAfterCents: 0 });
    expect(buildTaxInvoice(input({ kind: 'platform-fee', refund: { cents: 13_200, at: new Date() } })).adjustment).toBeNull();
    expect(buildTaxInvoice(input({ refund: { cents: 0, at: new Date() } })).adjustment).toBeNull();
  });

  it('shows WET and shipping as the line items say, and GST on goods, WET and shipping', () => {
    const priced = priceOrder({ lines: [line({ category: 'wine', unitPriceCents: 10_000, quantity: 3, deliveryMethod: 'shipping' }), line({ listingId: 'l2', unitPriceCents: 5_000, quantity: 1 })], platformFeeRate: 0.045 });
    const inv = buildTaxInvoice(input({ priced }));
    expect(inv.lines.map((l) => [l.description, l.quantity, l.totalCents])).toEqual([
      ['Pale ale — 50 L keg', 3, 30_000], ['Pale ale — 50 L keg', 1, 5_000], ['Shipping (flat rate)', 1, 180],
    ]);
    expect([inv.wetCents, inv.gstCents]).toEqual([totalOf(priced.lineItems, LINE_CODES.wet), totalOf(priced.lineItems, LINE_CODES.gst)]);
    expect([inv.wetCents, inv.totalCents]).toEqual([8_700, priced.payinTotalCents]);
  });

  it('leaves Caskade\'s service fee to the buyer off the supplier\'s invoice', () => {
    const priced = priceOrder({ lines: [line()], platformFeeRate: 0.045, customerCommissionRate: 0.02 });
    const inv = buildTaxInvoice(input({ priced }));
    expect(inv.lines.map((l) => l.description)).toEqual(['Pale ale — 50 L keg']);
    const fee = totalOf(priced.lineItems, LINE_CODES.customerCommission) + totalOf(priced.lineItems, LINE_CODES.customerCommissionGst);
    expect([inv.gstCents, inv.totalCents]).toEqual([4_800, priced.payinTotalCents - fee]);
  });

  it('prints the buyer\'s ABN from a total of $1,000 and not below it', () => {
    // 90 909 ex GST → 100 000 with GST (the threshold); one cent less stays below it.
    const at = (cents: number) => buildTaxInvoice(input({ priced: priceOrder({ lines: [line({ unitPriceCents: cents, quantity: 1 })], platformFeeRate: 0.045 }) }));
    expect([at(90_909).totalCents, at(90_909).recipient]).toEqual([ABN_REQUIRED_FROM_CENTS, { name: 'Fitzroy Alehouse Pty Ltd', abn: '12345600360' }]);
    expect([at(90_908).totalCents, at(90_908).recipient]).toEqual([ABN_REQUIRED_FROM_CENTS - 1, { name: 'Fitzroy Alehouse Pty Ltd', abn: '' }]);
  });

  it('property: the total is the sum of the supplied lines, WET and GST, and the buyer pays it', () => {
    const arbLine = fc.record({
      listingId: fc.uuid(), description: fc.string({ maxLength: 20 }), category: fc.constantFrom('beer', 'wine', 'spirit'), packageIndex: fc.nat(19),
      unitPriceCents: fc.integer({ min: 1, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 500 }), deliveryMethod: fc.constantFrom('pickup' as const, 'shipping' as const),
    });
    fc.assert(fc.property(fc.array(arbLine, { minLength: 1, maxLength: 6 }), fc.constantFrom(0.045, 0.03, 0.025), (lines, rate) => {
      const priced = priceOrder({ lines, platformFeeRate: rate });
      const inv = buildTaxInvoice(input({ priced }));
      expect(inv.totalCents).toBe(inv.lines.reduce((s, l) => s + l.totalCents, 0) + inv.wetCents + inv.gstCents);
      expect([inv.totalCents, inv.gstCents, inv.wetCents]).toEqual([priced.payinTotalCents, totalOf(priced.lineItems, LINE_CODES.gst), priced.wetTotalCents]);
      expect(inv.recipient.abn).toBe(inv.totalCents >= ABN_REQUIRED_FROM_CENTS ? '12345600360' : '');
    }));
  });
});

describe('buildTaxInvoice: Caskade\'s platform-fee invoice to the supplier', () => {
  it('states the provider commission and its GST as positive amounts, issued by Caskade to the supplier', () => {
    const inv = buildTaxInvoice(input({ kind: 'platform-fee' }));
    expect(inv).toEqual({
      kind: 'platform-fee', title: 'Tax invoice', number: 'CK-ACDE-FGHJ-F', issueDate: '26 November 2026',
      seller: { name: 'Caskade', abn: '99000000000' },
      recipient: { name: 'Yarra Brewing Pty Ltd', abn: '' },
      lines: [{ description: 'Caskade platform fee (4.5%)', quantity: 1, unitPriceCents: 2_160, totalCents: 2_160 }],
      wetCents: 0, gstCents: 216, totalExGstCents: 2_160, totalCents: 2_376, adjustment: null,
    });
  });

  it('its total is what the payout lacks from the supplier\'s own total; from $1,000 it shows the supplier\'s ABN', () => {
    const priced = priceOrder({ lines: [line({ category: 'wine', quantity: 130 })], platformFeeRate: 0.03 });
    const supply = buildTaxInvoice(input({ priced }));
    const fee = buildTaxInvoice(input({ kind: 'platform-fee', priced }));
    expect(supply.totalCents - fee.totalCents).toBe(priced.payoutTotalCents);
    expect(fee.recipient).toEqual({ name: 'Yarra Brewing Pty Ltd', abn: '51824753556' });
  });
});

describe('invoice helpers', () => {
  it('who may read which invoice', () => {
    const table = (['customer', 'provider', 'operator', 'system'] as const).map((a) => [a, mayReadInvoice('supply', a), mayReadInvoice('platform-fee', a)]);
    expect(table).toEqual([['customer', true, false], ['provider', true, true], ['operator', true, true], ['system', false, false]]);
  });

  it('dates the invoice on the day in Sydney', () => {
    expect(formatInvoiceDate(new Date('2026-11-25T14:30:00Z'))).toBe('26 November 2026');
    expect(formatInvoiceDate(new Date('2026-06-30T13:59:00Z'))).toBe('30 June 2026');
  });

  it('groups ABN and ACN digits, and leaves anything else as recorded', () => {
    expect([formatAbn('51824753556'), formatAbn('51 824 753 556'), formatAbn('123456789'), formatAbn(' n/a '), formatAbn('')]).toEqual(['51 824 753 556', '51 824 753 556', '123 456 789', 'n/a', '']);
  });

  it('names the file after the kind and the order number', () => {
    expect([invoiceFileName('supply', 'CK-ACDE-FGHJ'), invoiceFileName('platform-fee', 'CK-ACDE-FGHJ')]).toEqual(['tax-invoice-CK-ACDE-FGHJ.pdf', 'platform-fee-invoice-CK-ACDE-FGHJ.pdf']);
  });
});
