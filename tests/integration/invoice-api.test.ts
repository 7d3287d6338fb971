/**
 * Tax invoices through the gateway in the embedded mode (docs/decisions/045): an order's buyer,
 * supplier and the operator download its tax invoice as a PDF attachment carrying the names and
 * ABNs identity holds and the total the order's line items say; the supplier also downloads
 * Caskade's platform-fee invoice, which the buyer may not; anyone else gets 404 like the order.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { formatAud } from '@caskade/kit/rules';
import { pdfTextLines } from '@caskade/kit/testing';
import { startApp, type TestApp } from '../support/app';
import { ApiSession } from '../support/http';
import type { CheckoutOutcomeView, DeliveryAddressView, OrderView } from '@caskade/gateway/contract';

interface ErrorBody {
  errors: Array<{ status: number; code: string; meta?: { fields?: Record<string, string> } }>;
}

const PASSWORD = 'Caskade-demo-2026';
let app: TestApp;
let buyer: ApiSession;
let supplier: ApiSession;
let rival: ApiSession;
let operator: ApiSession;
let order: OrderView;

async function login(email: string): Promise<ApiSession> {
  const s = new ApiSession(app.url);
  expect((await s.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return s;
}

/** A GET whose answer is read as bytes (the JSON client would decode a PDF as text). */
async function download(s: ApiSession | null, path: string): Promise<{ status: number; type: string; disposition: string; body: Buffer }> {
  const headers: Record<string, string> = s ? { cookie: `caskade_at=${s.cookie('caskade_at') ?? ''}` } : {};
  const res = await fetch(`${app.url}${path}`, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', body: Buffer.from(await res.arrayBuffer()) };
}

const errorCode = (body: Buffer): string => (JSON.parse(body.toString('utf8')) as ErrorBody).errors[0]?.code ?? '';

beforeAll(async () => {
  app = await startApp();
  [buyer, supplier, rival, operator] = await Promise.all([
    login('buyer@example.com'), login('supplier@example.com'), login('hop-hill-brewing@suppliers.example.com'), login('operator@example.com'),
  ]);
  // Yarra Valley Brewing Co lists a $250 keg; the buyer takes four: $1,000 + GST, above the ABN threshold.
  const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#b5651d' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'keg.png');
  const up = await fetch(`${app.url}/api/images`, { method: 'POST', body: form, headers: { cookie: `caskade_at=${supplier.cookie('caskade_at') ?? ''}` } });
  expect(up.status).toBe(201);
  const imageId = ((await up.json()) as { data: { id: string } }).data.id;
  const created = await supplier.post<{ data: { id: string } }>('/api/own-listings', {
    listingType: 'product', title: 'Invoice Test Lager', description: 'A lager for the invoice test.', category: 'beer', productType: 'lager', style: 'pilsner',
    attributes: { alcoholicPercent: 4.5, colour: 'Straw', malts: 'Pilsner', hops: 'Saaz', vegan: true },
    pricePackages: [{ packageType: 'keg', size: 50, quantity: 1, priceCents: 25_000 }], location: { address: 'Healesville VIC', state: 'VIC', postcode: '3777' },
    pickupEnabled: true, imageIds: [imageId], stockQuantity: 20,
  });
  expect(created.status).toBe(201);
  expect((await supplier.post(`/api/own-listings/${created.body.data.id}/publish`)).status).toBe(200);
  expect((await buyer.post('/api/cart', { listingId: created.body.data.id, packageIndex: 0, quantity: 4, deliveryMethod: 'pickup' })).status).toBe(201);
  const addressId = (await buyer.get<{ data: DeliveryAddressView[] }>('/api/delivery-addresses')).body.data[0]?.id ?? '';
  const out = await buyer.request<{ data: CheckoutOutcomeView }>('POST', '/api/initiate-privileged-from-cart', { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' }, { 'idempotency-key': randomUUID() });
  expect(out.status).toBe(201);
  const placed = out.body.data.checkout?.orders ?? [];
  expect(placed.map((o) => [o.state, o.priced?.payinTotalCents])).toEqual([['purchased-multi-vendor', 110_000]]);
  order = placed[0] as OrderView;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe('tax invoices through the gateway', () => {
  it('the buyer downloads the supplier’s tax invoice: a PDF attachment with both ABNs, the GST and the total of the order', async () => {
    const res = await download(buyer, `/api/transactions/${order.id}/invoice.pdf`);
    expect([res.status, res.type, res.disposition, res.body.subarray(0, 5).toString('latin1')]).toEqual([
      200, 'application/pdf', `attachment; filename=tax-invoice-${order.orderNumber}.pdf`, '%PDF-',
    ]);
    const lines = await pdfTextLines(res.body);
    const gst = order.priced?.lineItems.find((i) => i.code === 'gst')?.lineTotalCents ?? -1;
    expect(lines).toEqual(expect.arrayContaining([
      'Tax invoice', `Invoice number: ${order.orderNumber}`,
      'Yarra Valley Brewing Co', 'ABN 33 102 417 032', 'The Fitzroy Alehouse', 'ABN 51 824 753 556',
      `GST (10%) ${formatAud(gst)}`, `Total including GST ${formatAud(order.priced?.payinTotalCents ?? -1)}`,
    ]));
    expect(gst).toBe(10_000);
    // The supplier and the operator get the same document.
    const [bySupplier, byOperator] = await Promise.all([download(supplier, `/api/transactions/${order.id}/invoice.pdf?kind=supply`), download(operator, `/api/transactions/${order.id}/invoice.pdf`)]);
    expect([bySupplier.status, byOperator.status]).toEqual([200, 200]);
    expect([await pdfTextLines(bySupplier.body), await pdfTextLines(byOperator.body)]).toEqual([lines, lines]);
  }, 30_000);

  it('the platform-fee invoice goes to the supplier and the operator, never the buyer', async () => {
    const res = await download(supplier, `/api/transactions/${order.id}/invoice.pdf?kind=platform-fee`);
    expect([res.status, res.type, res.disposition]).toEqual([200, 'application/pdf', `attachment; filename=platform-fee-invoice-${order.orderNumber}.pdf`]);
    const fee = -(order.priced?.lineItems.find((i) => i.code === 'provider-commission')?.lineTotalCents ?? 1);
    const feeGst = -(order.priced?.lineItems.find((i) => i.code === 'provider-commission-gst')?.lineTotalCents ?? 1);
    expect(await pdfTextLines(res.body)).toEqual(expect.arrayContaining([
      `Invoice number: ${order.orderNumber}-F`, 'Yarra Valley Brewing Co', `GST (10%) ${formatAud(feeGst)}`, `Total including GST ${formatAud(fee + feeGst)}`,
    ]));
    expect((await download(operator, `/api/transactions/${order.id}/invoice.pdf?kind=platform-fee`)).status).toBe(200);
    const refused = await download(buyer, `/api/transactions/${order.id}/invoice.pdf?kind=platform-fee`);
    expect([refused.status, errorCode(refused.body)]).toEqual([403, 'forbidden']);
  }, 30_000);

  it('anyone else gets 404 like the order; bad input a clear 4xx; the OpenAPI document lists the PDF answer', async () => {
    const cases: Array<[ApiSession | null, string, number, string]> = [
      [rival, `/api/transactions/${order.id}/invoice.pdf`, 404, 'not-found'],
      [rival, `/api/transactions/${order.id}/invoice.pdf?kind=platform-fee`, 404, 'not-found'],
      [null, `/api/transactions/${order.id}/invoice.pdf`, 401, 'auth-unauthenticated'],
      [buyer, `/api/transactions/${randomUUID()}/invoice.pdf`, 404, 'not-found'],
      [buyer, '/api/transactions/not-a-uuid/invoice.pdf', 400, 'validation-invalid-params'],
      [buyer, `/api/transactions/${order.id}/invoice.pdf?kind=credit-note`, 400, 'validation-invalid-params'],
      [buyer, `/api/transactions/${order.id}/invoice.pdf?format=html`, 400, 'validation-invalid-params'],
    ];
    const answers = await Promise.all(cases.map(async ([s, path]) => {
      const res = await download(s, path);
      return [res.status, res.type.split(';')[0], errorCode(res.body)];
    }));
    expect(answers).toEqual(cases.map(([, , status, code]) => [status, 'application/json', code]));

    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }>; responses: Record<string, { content?: Record<string, unknown> }> }>> };
    const op = doc.paths['/api/transactions/{id}/invoice.pdf']?.get;
    expect([op?.parameters.map((p) => `${p.in}:${p.name}`), Object.keys(op?.responses['200']?.content ?? {})]).toEqual([['path:id', 'query:kind'], ['application/pdf']]);
  }, 30_000);
});
