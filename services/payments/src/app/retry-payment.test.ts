import { expectAppError } from '@caskade/kit/testing';
import { as, describePayments, ids } from '../testing/harness';
import { sendTransfers } from './send-transfers';

describePayments('payments: retry, challenge, cancel, bank transfers, refunds, payout accounts', (h, { test: it }) => {
  it('retries a declined payment with another method, or switches it to a bank transfer', async () => {
    const { client, pay, statusEvents } = h();
    const declined = await pay({ paymentMethodId: 'pm_card_chargeDeclined' });
    const again = (await client.retryPayment({ paymentId: declined.id, paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds', bankTransfer: false }, as.buyer)).payment;
    expect(again).toMatchObject({ status: 'requires_payment_method', failureCode: 'insufficient_funds' });
    const paid = (await client.retryPayment({ paymentId: declined.id, paymentMethodId: 'pm_card_visa', bankTransfer: false }, as.service)).payment;
    expect(paid).toMatchObject({ status: 'succeeded', failureCode: '', paymentMethodId: 'pm_card_visa' });
    expect((await statusEvents(declined.id)).map((e) => e.status)).toEqual(['requires_payment_method', 'requires_payment_method', 'succeeded']);
    const other = await pay({ paymentMethodId: 'pm_card_chargeDeclined' });
    const transfer = (await client.retryPayment({ paymentId: other.id, paymentMethodId: '', bankTransfer: true }, as.service)).payment;
    expect(transfer).toMatchObject({ status: 'awaiting_transfer', methodType: 'bank_transfer' });
    expect(transfer?.bankTransfer?.reference).toMatch(/^CSK-/);
    await expectAppError(client.retryPayment({ paymentId: other.id, paymentMethodId: 'pm_card_visa', bankTransfer: false }, as.service), 'transaction-invalid-transition');
    await expectAppError(client.retryPayment({ paymentId: declined.id, paymentMethodId: 'pm_card_visa', bankTransfer: false }, as.otherBuyer), 'not-found');
  });

  it('retries a payment waiting for its challenge: the open intent is canceled first, so the old challenge charges nothing', async () => {
    const { client, pay, cancels, charges, svc } = h();
    const waiting = await pay({ paymentMethodId: 'pm_card_authenticationRequired' });
    expect(waiting.status).toBe('requires_action');
    const openIntent = (await svc.deps.db.selectFrom('payments').select('provider_ref').where('id', '=', waiting.id).executeTakeFirstOrThrow()).provider_ref;
    expect(openIntent).toMatch(/^pi_sandbox_/);
    const before = charges.count;
    const paid = (await client.retryPayment({ paymentId: waiting.id, paymentMethodId: 'pm_card_visa', bankTransfer: false }, as.buyer)).payment;
    expect(paid).toMatchObject({ status: 'succeeded', nextActionUrl: '', paymentMethodId: 'pm_card_visa' });
    expect(cancels).toEqual([openIntent]);
    expect(charges.count).toBe(before + 1);
    // The challenge finished late answers the payment as it is: nothing more is charged.
    expect((await client.completeSandboxChallenge({ paymentId: waiting.id, authenticated: true }, as.buyer)).payment?.status).toBe('succeeded');
    expect((await client.retryPayment({ paymentId: waiting.id, paymentMethodId: 'pm_card_visa', bankTransfer: false }, as.buyer)).payment?.status).toBe('succeeded');
    expect(charges.count).toBe(before + 1);
  });

  it('completes the sandbox challenge: authenticated succeeds, failed authentication fails', async () => {
    const { client, pay } = h();
    const a = await pay({ paymentMethodId: 'pm_card_authenticationRequired' });
    const b = await pay({ paymentMethodId: 'pm_card_authenticationRequired' });
    expect((await client.completeSandboxChallenge({ paymentId: a.id, authenticated: true }, as.buyer)).payment).toMatchObject({ status: 'succeeded', nextActionUrl: '' });
    expect((await client.completeSandboxChallenge({ paymentId: b.id, authenticated: false }, as.buyer)).payment).toMatchObject({ status: 'requires_payment_method', failureCode: 'payment_intent_authentication_failure' });
    expect((await client.completeSandboxChallenge({ paymentId: a.id, authenticated: false }, as.buyer)).payment?.status).toBe('succeeded');
    await expectAppError(client.completeSandboxChallenge({ paymentId: a.id, authenticated: true }, as.otherBuyer), 'not-found');
  });

  it('cancels what has not been paid, never a succeeded or processing payment', async () => {
    const { client, pay } = h();
    const waiting = await pay({ paymentMethodId: 'pm_card_authenticationRequired' });
    expect((await client.cancelPayment({ paymentId: waiting.id }, as.service)).payment?.status).toBe('canceled');
    expect((await client.cancelPayment({ paymentId: waiting.id }, as.service)).payment?.status).toBe('canceled');
    const paid = await pay();
    await expectAppError(client.cancelPayment({ paymentId: paid.id }, as.service), 'transaction-invalid-transition');
    await expectAppError(client.cancelPayment({ paymentId: paid.id }, as.buyer), 'forbidden');
    await expectAppError(client.cancelPayment({ paymentId: 'pay_missing' }, as.service), 'not-found');
    // A canceled payment is never charged again.
    expect((await client.retryPayment({ paymentId: waiting.id, paymentMethodId: 'pm_card_visa', bankTransfer: false }, as.service)).payment?.status).toBe('canceled');
  });

  it('marks a bank transfer received (the operator, through orders)', async () => {
    const { client, pay } = h();
    const payment = await pay({ paymentMethodId: '', bankTransfer: true });
    await expectAppError(client.markBankTransferReceived({ paymentId: payment.id }, as.buyer), 'forbidden');
    expect((await client.markBankTransferReceived({ paymentId: payment.id }, as.operator)).payment?.status).toBe('succeeded');
    expect((await client.markBankTransferReceived({ paymentId: payment.id }, as.service)).payment?.status).toBe('succeeded');
    await expectAppError(client.markBankTransferReceived({ paymentId: (await pay()).id }, as.service), 'transaction-invalid-transition');
  });

  it('refunds idempotently on refund_id and never above the amount', async () => {
    const { client, pay, events, flush } = h();
    const payment = await pay({ amountCents: 10_000 });
    const refund = (refundId: string, amountCents: number) => client.refundPayment({ paymentId: payment.id, refundId, amountCents }, as.service);
    expect((await refund(`${payment.id}-r1`, 3_000)).payment?.refundedCents).toBe(3_000);
    expect((await refund(`${payment.id}-r1`, 3_000)).payment?.refundedCents).toBe(3_000);
    await expectAppError(refund(`${payment.id}-r1`, 2_000), 'validation-invalid-params');
    await expectAppError(refund(`${payment.id}-r2`, 7_001), 'validation-invalid-params');
    expect((await refund(`${payment.id}-r3`, 0)).payment?.refundedCents).toBe(10_000);
    await expectAppError(refund(`${payment.id}-r4`, 1), 'validation-invalid-params');
    await expectAppError(client.refundPayment({ paymentId: (await pay({ paymentMethodId: 'pm_card_chargeDeclined' })).id, refundId: 'x-r', amountCents: 1 }, as.service), 'transaction-invalid-transition');
    await flush();
    expect(events.filter((e) => e.type === 'payments.payment.refunded' && e.aggregateId === payment.id).map((e) => e.data)).toEqual([
      { paymentId: payment.id, refundId: `${payment.id}-r1`, amountCents: 3_000, refundedTotalCents: 3_000 },
      { paymentId: payment.id, refundId: `${payment.id}-r3`, amountCents: 7_000, refundedTotalCents: 10_000 },
    ]);
  });

  it('gives suppliers sandbox payout accounts, finds those missing, and holds what they are owed until the order completes', async () => {
    const { client, pay, svc } = h();
    expect((await client.findMissingPayoutAccounts({ supplierIds: [ids.hops, ids.vines, ids.hops] }, as.service)).supplierIds).toEqual([ids.hops, ids.vines]);
    const account = (await client.createSandboxPayoutAccount({ supplierId: ids.hops }, as.service)).account;
    expect(account).toMatchObject({ supplierId: ids.hops, chargesEnabled: true, payoutsEnabled: true });
    expect(account?.accountId).toMatch(/^acct_sandbox_/);
    expect((await client.createSandboxPayoutAccount({ supplierId: ids.hops }, as.hops)).account).toEqual(account);
    await expectAppError(client.createSandboxPayoutAccount({ supplierId: ids.vines }, as.hops), 'forbidden');
    expect((await client.findMissingPayoutAccounts({ supplierIds: [ids.hops, ids.vines] }, as.service)).supplierIds).toEqual([ids.vines]);
    expect((await client.getPayoutAccount({ supplierId: '' }, as.hops)).account).toEqual(account);
    expect((await client.getPayoutAccount({ supplierId: ids.vines }, as.service)).account).toBeUndefined();
    await expectAppError(client.getPayoutAccount({ supplierId: ids.hops }, as.buyer), 'forbidden');
    const payment = await pay({ amountCents: 11_000, transfers: [{ supplierId: ids.hops, amountCents: 10_000, orderId: 'order-a' }] });
    // Sent only once order-a completes (decide-order-payout.test.ts).
    await sendTransfers(svc.deps);
    expect(await svc.db.selectFrom('payment_transfers').select('state').where('payment_id', '=', payment.id).execute()).toEqual([{ state: 'pending' }]);
  });
});
