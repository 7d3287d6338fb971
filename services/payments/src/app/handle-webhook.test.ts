import Stripe from 'stripe';
import { expectAppError } from '@caskade/kit/testing';
import { as, describePayments, STRIPE_TEST_KEYS } from '../testing/harness';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

const sdk = new Stripe('sk_test_signing_only');
const intentEvent = (eventId: string, type: string, pi: { id: string; status: string; paymentId: string }) =>
  JSON.stringify({
    id: eventId, object: 'event', type, api_version: '2026-10-28.endive', created: 1,
    data: { object: { id: pi.id, object: 'payment_intent', status: pi.status, metadata: { payment_id: pi.paymentId }, last_payment_error: pi.status === 'requires_payment_method' ? { code: 'debit_not_authorized', message: 'The debit was not authorised.' } : null } },
  });

describePayments(
  'payments: Stripe webhooks',
  (h, { test: it }) => {
    const sign = (payload: string, secondsAgo = 0) => sdk.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET, timestamp: Math.floor(h().clock.now / 1000) - secondsAgo });
    const processed = async () => (await h().svc.db.selectFrom('processed_webhooks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const processing = async () => {
      const payment = await h().pay({ paymentMethodId: 'pm_becs_test' });
      expect(payment.status).toBe('processing');
      const row = await h().svc.db.selectFrom('payments').select('provider_ref').where('id', '=', payment.id).executeTakeFirstOrThrow();
      return { payment, pi: row.provider_ref };
    };

    it('moves a processing debit to succeeded, and handles the same event once', async () => {
      const { client, statusEvents } = h();
      const { payment, pi } = await processing();
      const payload = intentEvent(`evt_ok_${payment.id}`, 'payment_intent.succeeded', { id: pi, status: 'succeeded', paymentId: payment.id });
      expect(await client.handleWebhook({ payload: Buffer.from(payload), signature: sign(payload) }, as.service)).toEqual({ handled: true });
      expect(await client.handleWebhook({ payload: Buffer.from(payload), signature: sign(payload) }, as.service)).toEqual({ handled: false });
      expect((await client.getPayment({ paymentId: payment.id }, as.service)).payment?.status).toBe('succeeded');
      expect((await statusEvents(payment.id)).map((e) => e.status)).toEqual(['processing', 'succeeded']);
    });

    it('records a failed debit with its code', async () => {
      const { client } = h();
      const { payment, pi } = await processing();
      const payload = intentEvent(`evt_fail_${payment.id}`, 'payment_intent.payment_failed', { id: pi, status: 'requires_payment_method', paymentId: payment.id });
      await client.handleWebhook({ payload: Buffer.from(payload), signature: sign(payload) }, as.service);
      expect((await client.getPayment({ paymentId: payment.id }, as.service)).payment).toMatchObject({ status: 'requires_payment_method', failureCode: 'debit_not_authorized' });
    });

    it('refuses a bad signature or a timestamp older than 300 s and writes nothing', async () => {
      const { client, statusEvents } = h();
      const { payment, pi } = await processing();
      const payload = intentEvent(`evt_bad_${payment.id}`, 'payment_intent.succeeded', { id: pi, status: 'succeeded', paymentId: payment.id });
      const before = await processed();
      const forged = await expectAppError(client.handleWebhook({ payload: Buffer.from(payload), signature: sign(payload.replace('succeeded', 'succeeded ')) }, as.service), 'validation-invalid-params');
      expect(forged.meta).toEqual({ fields: { signature: 'validation.webhookSignatureInvalid' } });
      await expectAppError(client.handleWebhook({ payload: Buffer.from(payload), signature: 't=1,v1=deadbeef' }, as.service), 'validation-invalid-params');
      await expectAppError(client.handleWebhook({ payload: Buffer.from(payload), signature: '' }, as.service), 'validation-invalid-params');
      const stale = await expectAppError(client.handleWebhook({ payload: Buffer.from(payload), signature: sign(payload, 301) }, as.service), 'validation-invalid-params');
      expect(stale.meta).toEqual({ fields: { signature: 'validation.webhookTimestampOutsideTolerance' } });
      expect(await processed()).toBe(before);
      expect((await client.getPayment({ paymentId: payment.id }, as.service)).payment?.status).toBe('processing');
      expect((await statusEvents(payment.id)).map((e) => e.status)).toEqual(['processing']);
      // Within the tolerance it is taken.
      expect(await client.handleWebhook({ payload: Buffer.from(payload), signature: sign(payload, 299) }, as.service)).toEqual({ handled: true });
    });

    it('asks to be sent again when the payment is unknown; ignores events of other intents', async () => {
      const { client } = h();
      const unknown = intentEvent('evt_unknown', 'payment_intent.succeeded', { id: 'pi_elsewhere', status: 'succeeded', paymentId: 'pay_not_committed' });
      await expectAppError(client.handleWebhook({ payload: Buffer.from(unknown), signature: sign(unknown) }, as.service), 'not-found');
      const { payment } = await processing();
      const stale = intentEvent(`evt_old_${payment.id}`, 'payment_intent.succeeded', { id: 'pi_an_earlier_attempt', status: 'succeeded', paymentId: payment.id });
      expect(await client.handleWebhook({ payload: Buffer.from(stale), signature: sign(stale) }, as.service)).toEqual({ handled: true });
      expect((await client.getPayment({ paymentId: payment.id }, as.service)).payment?.status).toBe('processing');
      const other = JSON.stringify({ id: 'evt_customer', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
      expect(await client.handleWebhook({ payload: Buffer.from(other), signature: sign(other) }, as.service)).toEqual({ handled: true });
    });
  },
  { stripeApiBase: () => stripe.url },
);
