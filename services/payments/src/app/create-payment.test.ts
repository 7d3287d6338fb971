import { expectAppError } from '@caskade/kit/testing';
import { as, describePayments, eventually, ids } from '../testing/harness';

const NEXT_YEARS = new Date().getUTCFullYear() + 3;

describePayments('payments: CreatePayment on the sandbox', (h, { test: it }) => {
  it('answers each of Stripe’s test cards as Stripe’s test mode does', async () => {
    const { client, pay } = h();
    const cases = [
      { number: '4242424242424242', status: 'succeeded', failureCode: '' },
      { number: '4000000000000002', status: 'requires_payment_method', failureCode: 'card_declined' },
      { number: '4000000000009995', status: 'requires_payment_method', failureCode: 'insufficient_funds' },
      { number: '4000002500003155', status: 'requires_action', failureCode: '' },
    ];
    for (const c of cases) {
      const { paymentMethodId } = await client.createSandboxPaymentMethod({ details: { $case: 'card', value: { number: c.number, expMonth: 12, expYear: NEXT_YEARS, cvc: '123' } } }, as.buyer);
      expect(paymentMethodId).toMatch(/^pm_sandbox_/);
      const payment = await pay({ paymentMethodId });
      expect({ number: c.number, status: payment.status, failureCode: payment.failureCode }).toEqual(c);
      if (c.failureCode) expect(payment.failureMessage).not.toBe('');
      if (c.status === 'requires_action') expect(payment.nextActionUrl).toBe(`/payments/sandbox/challenge/${payment.id}`);
      expect(payment).toMatchObject({ currency: 'AUD', amountCents: 12_000, methodType: 'card', buyerId: ids.buyer });
    }
  });

  it('accepts Stripe’s test PaymentMethod ids directly', async () => {
    const { pay } = h();
    await expect(pay({ paymentMethodId: 'pm_card_visa' })).resolves.toMatchObject({ status: 'succeeded' });
    await expect(pay({ paymentMethodId: 'pm_card_mastercard' })).resolves.toMatchObject({ status: 'succeeded' });
    await expect(pay({ paymentMethodId: 'pm_card_chargeDeclined' })).resolves.toMatchObject({ status: 'requires_payment_method', failureCode: 'card_declined' });
    await expect(pay({ paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds' })).resolves.toMatchObject({ failureCode: 'insufficient_funds' });
    await expect(pay({ paymentMethodId: 'pm_card_authenticationRequired' })).resolves.toMatchObject({ status: 'requires_action' });
  });

  it('debits BECS 000-000 000123456 after processing, and fails 900123456 after processing (a timer row)', async () => {
    const { client, pay, statusEvents, clock } = h();
    const becs = (accountNumber: string) =>
      client.createSandboxPaymentMethod({ details: { $case: 'becs', value: { bsbNumber: '000-000', accountNumber, accountHolderName: 'Ava Nguyen', email: 'ava@example.com', mandateAccepted: true } } }, as.buyer);
    const good = await pay({ paymentMethodId: (await becs('000123456')).paymentMethodId });
    const bad = await pay({ paymentMethodId: (await becs('900123456')).paymentMethodId });
    expect([good.status, bad.status, good.methodType]).toEqual(['processing', 'processing', 'au_becs_debit']);
    clock.now += 3_000;
    const statusOf = async (id: string) => (await client.getPayment({ paymentId: id }, as.service)).payment?.status;
    await eventually(async () => (await statusOf(good.id)) === 'succeeded' && (await statusOf(bad.id)) === 'requires_payment_method');
    const failed = (await client.getPayment({ paymentId: bad.id }, as.service)).payment;
    expect(failed?.failureCode).toBe('debit_not_authorized');
    expect((await statusEvents(good.id)).map((e) => [e.previousStatus ?? '', e.status])).toEqual([['', 'processing'], ['processing', 'succeeded']]);
  });

  it('is idempotent on payment_id: 50 identical calls at once make one payment and one charge', async () => {
    const { client, paymentRequest, charges, statusEvents } = h();
    const req = paymentRequest();
    const before = charges.count;
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.createPayment(req, as.service, { deadlineMs: 30_000 })));
    expect(charges.count - before).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.payment))).size).toBe(1);
    expect(answers[0]?.payment?.status).toBe('succeeded');
    expect(await statusEvents(req.paymentId)).toHaveLength(1);
  });

  it('refuses the same payment_id with another body, and answers a replay unchanged', async () => {
    const { client, paymentRequest, charges } = h();
    const req = paymentRequest({ paymentMethodId: 'pm_card_chargeDeclined' });
    const first = await client.createPayment(req, as.service);
    const bad = await expectAppError(client.createPayment({ ...req, amountCents: 99 }, as.service), 'validation-invalid-params');
    expect(bad.meta).toEqual({ fields: { paymentId: 'validation.idempotencyKeyReused' } });
    await expectAppError(client.createPayment({ ...req, paymentMethodId: 'pm_card_visa' }, as.service), 'validation-invalid-params');
    const count = charges.count;
    expect(await client.createPayment(req, as.service)).toEqual(first);
    expect(charges.count).toBe(count);
  });

  it('never charges a succeeded or processing payment again (replay, retry)', async () => {
    const { client, paymentRequest, charges } = h();
    for (const paymentMethodId of ['pm_card_visa', (await client.createSandboxPaymentMethod({ details: { $case: 'becs', value: { bsbNumber: '000000', accountNumber: '000123456', accountHolderName: 'A', email: 'a@example.com', mandateAccepted: true } } }, as.buyer)).paymentMethodId]) {
      const req = paymentRequest({ paymentMethodId });
      const first = (await client.createPayment(req, as.service)).payment;
      const count = charges.count;
      expect((await client.createPayment(req, as.service)).payment).toEqual(first);
      expect((await client.retryPayment({ paymentId: req.paymentId, paymentMethodId: 'pm_card_visa', bankTransfer: false }, as.service)).payment).toEqual(first);
      expect(charges.count).toBe(count);
    }
  });

  it('answers a bank transfer with Caskade’s account, the reference and its due time', async () => {
    const { pay, clock } = h();
    const payment = await pay({ paymentMethodId: '', bankTransfer: true, bankTransferWindowSeconds: 3600, reference: 'ORD-1042 ord-1043' });
    expect(payment).toMatchObject({ status: 'awaiting_transfer', methodType: 'bank_transfer' });
    expect(payment.bankTransfer).toEqual({
      accountName: 'Caskade Marketplace Pty Ltd', bsb: '062-000', accountNumber: '12345678', reference: 'ORD-1042 ORD-1043', amountCents: 12_000,
      dueBy: new Date(clock.now + 3600_000).toISOString(),
    });
  });

  it('refuses zero amounts, unknown methods, and buyers paying for someone else', async () => {
    const { client, paymentRequest } = h();
    await expectAppError(client.createPayment(paymentRequest({ amountCents: 0 }), as.service), 'transaction-charge-zero-payin');
    await expectAppError(client.createPayment(paymentRequest({ amountCents: -5 }), as.service), 'transaction-charge-zero-payin');
    const unknown = await expectAppError(client.createPayment(paymentRequest({ paymentMethodId: 'pm_nope' }), as.service), 'validation-invalid-params');
    expect(unknown.meta).toEqual({ fields: { paymentMethodId: 'validation.paymentMethodUnknown' } });
    await expectAppError(client.createPayment(paymentRequest({ paymentMethodId: '' }), as.service), 'validation-invalid-params');
    await expectAppError(client.createPayment(paymentRequest({ paymentId: '' }), as.service), 'validation-invalid-params');
    await expectAppError(client.createPayment(paymentRequest(), as.otherBuyer), 'forbidden');
    await expect(client.createPayment(paymentRequest(), as.buyer)).resolves.toMatchObject({ payment: { status: 'succeeded' } });
  });

  it('writes one status_changed event per change, in the transaction of the change', async () => {
    const { pay, statusEvents } = h();
    const payment = await pay({ paymentMethodId: 'pm_card_chargeDeclined' });
    expect(await statusEvents(payment.id)).toEqual([
      { paymentId: payment.id, buyerId: ids.buyer, status: 'requires_payment_method', amountCents: 12000, failureCode: 'card_declined', failureMessage: 'Your card was declined.', methodType: 'card' },
    ]);
  });
});
