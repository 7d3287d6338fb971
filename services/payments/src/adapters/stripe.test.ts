/** The Stripe adapter's contract: the real SDK against a local server answering as Stripe's API does. */
import { expectAppError } from '@caskade/kit/testing';
import { as, describePayments, ids } from '../testing/harness';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

describePayments(
  'payments: the Stripe provider',
  (h, { test: it }) => {
    const sent = (path: string) => stripe.requests.filter((r) => r.method === 'POST' && r.path === path);

    it('charges a card: customer once, a confirmed PaymentIntent in aud with the payment’s idempotency key and transfer group', async () => {
      const { pay } = h();
      const before = stripe.requests.length;
      const payment = await pay({ amountCents: 12_345, paymentMethodId: 'pm_card_visa', transfers: [{ supplierId: ids.hops, amountCents: 10_000, orderId: 'order-1' }] });
      expect(payment).toMatchObject({ status: 'succeeded', amountCents: 12_345, currency: 'AUD', methodType: 'card' });
      const calls = stripe.requests.slice(before);
      const customers = calls.filter((r) => r.path === '/v1/customers');
      expect(customers).toHaveLength(1);
      expect(customers[0]).toMatchObject({ idempotencyKey: `customer:${ids.buyer}`, body: { 'metadata[user_id]': ids.buyer } });
      const pi = calls.find((r) => r.path === '/v1/payment_intents');
      expect(pi?.idempotencyKey).toBe(`payment:${payment.id}:1`);
      expect(pi?.body).toMatchObject({
        amount: '12345', currency: 'aud', payment_method: 'pm_card_visa', confirm: 'true', off_session: 'false', transfer_group: payment.id,
        'allowed_payment_method_types[0]': 'card', 'metadata[payment_id]': payment.id,
      });
      expect(pi?.body.customer).toMatch(/^cus_fake/);
      expect(Object.keys(pi?.body ?? {}).some((k) => k.startsWith('mandate_data'))).toBe(false);
      await h().pay({ paymentMethodId: 'pm_card_visa' });
      expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    });

    it('debits BECS with mandate data and answers processing', async () => {
      const { pay } = h();
      const payment = await pay({ paymentMethodId: 'pm_becs_test', amountCents: 50_000 });
      expect(payment).toMatchObject({ status: 'processing', methodType: 'au_becs_debit' });
      const pi = sent('/v1/payment_intents').find((r) => r.body['metadata[payment_id]'] === payment.id);
      expect(pi?.body).toMatchObject({ amount: '50000', currency: 'aud', 'allowed_payment_method_types[0]': 'au_becs_debit', 'mandate_data[customer_acceptance][type]': 'offline' });
      expect(Number(pi?.body['mandate_data[customer_acceptance][accepted_at]'])).toBeGreaterThan(0);
    });

    it('answers a decline and a challenge as Stripe reports them', async () => {
      const { pay } = h();
      await expect(pay({ paymentMethodId: 'pm_card_chargeDeclined' })).resolves.toMatchObject({ status: 'requires_payment_method', failureCode: 'generic_decline', failureMessage: 'Your card was declined.' });
      await expect(pay({ paymentMethodId: 'pm_card_authenticationRequired' })).resolves.toMatchObject({
        status: 'requires_action', nextActionUrl: 'https://hooks.stripe.test/3ds', clientSecret: expect.stringContaining('_secret_'),
      });
    });

    it('retrying a payment waiting for its challenge cancels the open intent first; one whose challenge completed before the webhook is not charged again', async () => {
      const { pay, client, svc } = h();
      const intentOf = async (paymentId: string) => (await svc.deps.db.selectFrom('payments').select('provider_ref').where('id', '=', paymentId).executeTakeFirstOrThrow()).provider_ref;
      const givenUp = await pay({ paymentMethodId: 'pm_card_authenticationRequired' });
      const abandoned = await intentOf(givenUp.id);
      const paid = (await client.retryPayment({ paymentId: givenUp.id, paymentMethodId: 'pm_card_visa', bankTransfer: false }, as.buyer)).payment;
      expect(paid?.status).toBe('succeeded');
      expect(sent(`/v1/payment_intents/${abandoned}/cancel`)).toHaveLength(1);
      // The buyer completed the challenge at Stripe; the webhook has not arrived: the retry is refused, nothing new is charged.
      const waiting = await pay({ paymentMethodId: 'pm_card_authenticationRequired' });
      const intent = await intentOf(waiting.id);
      const confirmed = await fetch(`${stripe.url}/v1/payment_intents/${intent}/confirm`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_secret: waiting.clientSecret }).toString(),
      });
      expect(confirmed.status).toBe(200);
      const intentsBefore = sent('/v1/payment_intents').length;
      const refused = await expectAppError(client.retryPayment({ paymentId: waiting.id, paymentMethodId: 'pm_card_visa', bankTransfer: false }, as.buyer), 'transaction-invalid-transition');
      expect(refused.meta).toMatchObject({ from: 'succeeded', reason: 'intent-moved-on' });
      expect(sent('/v1/payment_intents')).toHaveLength(intentsBefore);
      expect((await client.getPayment({ paymentId: waiting.id }, as.buyer)).payment?.status).toBe('requires_action');
    });

    it('refunds with the refund id as idempotency key, never above the amount', async () => {
      const { pay, client } = h();
      const payment = await pay({ paymentMethodId: 'pm_card_visa', amountCents: 9_000 });
      const refunded = await client.refundPayment({ paymentId: payment.id, refundId: 'refund-1', amountCents: 4_000 }, as.service);
      expect(refunded.payment?.refundedCents).toBe(4_000);
      const call = sent('/v1/refunds').at(-1);
      expect(call).toMatchObject({ idempotencyKey: 'refund:refund-1', body: { amount: '4000' } });
      expect(call?.body.payment_intent).toMatch(/^pi_fake/);
      await expectAppError(client.refundPayment({ paymentId: payment.id, refundId: 'refund-2', amountCents: 5_001 }, as.service), 'validation-invalid-params');
    });

    it('saves a method: attaches it to the customer and stores the answer', async () => {
      const { client } = h();
      const intent = await client.createSetupIntent({ paymentMethodType: 'card' }, as.buyer);
      expect(intent.setupIntentId).toMatch(/^seti_fake/);
      expect(sent('/v1/setup_intents').at(-1)?.body).toMatchObject({ 'allowed_payment_method_types[0]': 'card', usage: 'off_session' });
      const saved = await client.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', setupIntentId: '', replacesPaymentMethodId: '' }, as.buyer);
      expect(saved.method).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
      expect(sent('/v1/payment_methods/pm_card_visa/attach').at(-1)?.body.customer).toMatch(/^cus_fake/);
      expect(await client.getProviderConfig({}, as.service)).toEqual({ provider: 'stripe', publishableKey: 'pk_test_caskade' });
    });

    it('refuses the sandbox-only calls', async () => {
      const { client, pay } = h();
      await expectAppError(client.createSandboxPaymentMethod({ details: { $case: 'card', value: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } } }, as.buyer), 'forbidden');
      await expectAppError(client.createSandboxPayoutAccount({ supplierId: ids.hops }, as.service), 'forbidden');
      const payment = await pay({ paymentMethodId: 'pm_card_authenticationRequired' });
      await expectAppError(client.completeSandboxChallenge({ paymentId: payment.id, authenticated: true }, as.service), 'forbidden');
    });
  },
  { stripeApiBase: () => stripe.url },
);
