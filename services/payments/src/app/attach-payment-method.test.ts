import { expectAppError } from '@caskade/kit/testing';
import { as, describePayments } from '../testing/harness';
import { LIMITED_ACCESS_REASON, LIMITED_SCOPE, type CallContext } from '@caskade/kit';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const userCtx = (n: number): CallContext => ({ requestId: 'test', caller: { userId: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`, role: 'buyer', scopes: [] } });

describePayments('payments: saved payment methods', (h, { test: it }) => {
  let n = 0;
  const freshUser = () => userCtx(++n);
  const card = async (ctx: CallContext, number = '4242424242424242', expYear = NEXT_YEAR, expMonth = 12) =>
    (await h().client.createSandboxPaymentMethod({ details: { $case: 'card', value: { number, expMonth, expYear, cvc: '123' } } }, ctx)).paymentMethodId;

  it('saves methods: the first is the default, the list puts the default first', async () => {
    const { client } = h();
    const me = freshUser();
    const first = (await client.attachPaymentMethod({ paymentMethodId: await card(me), setupIntentId: '', replacesPaymentMethodId: '' }, me)).method;
    expect(first).toMatchObject({ type: 'card', brand: 'visa', last4: '4242', isDefault: true, expired: false, expMonth: 12, expYear: NEXT_YEAR });
    const second = (await client.attachPaymentMethod({ paymentMethodId: await card(me, '5555555555554444'), setupIntentId: '', replacesPaymentMethodId: '' }, me)).method;
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    await client.setDefaultPaymentMethod({ paymentMethodId: second?.id ?? '' }, me);
    const { methods } = await client.listPaymentMethods({}, me);
    expect(methods.map((m) => [m.last4, m.isDefault])).toEqual([['4444', true], ['4242', false]]);
  });

  it('saves a BECS account and a Stripe test id (as a method of its own)', async () => {
    const { client } = h();
    const me = freshUser();
    const { paymentMethodId } = await client.createSandboxPaymentMethod({ details: { $case: 'becs', value: { bsbNumber: '000-000', accountNumber: '000123456', accountHolderName: 'Ava', email: 'ava@example.com', mandateAccepted: true } } }, me);
    const becs = (await client.attachPaymentMethod({ paymentMethodId, setupIntentId: '', replacesPaymentMethodId: '' }, me)).method;
    expect(becs).toMatchObject({ type: 'au_becs_debit', bsb: '000-000', last4: '3456', isDefault: true });
    const visa = (await client.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', setupIntentId: '', replacesPaymentMethodId: '' }, me)).method;
    expect(visa?.id).toMatch(/^pm_sandbox_/);
    expect(visa).toMatchObject({ brand: 'visa', last4: '4242' });
    // The same test id saved by another user is another method.
    const other = freshUser();
    const theirs = (await client.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', setupIntentId: '', replacesPaymentMethodId: '' }, other)).method;
    expect(theirs?.id).not.toBe(visa?.id);
  });

  it('replaces a method (keeping the default) and moves the default on detach', async () => {
    const { client } = h();
    const me = freshUser();
    const a = (await client.attachPaymentMethod({ paymentMethodId: await card(me), setupIntentId: '', replacesPaymentMethodId: '' }, me)).method?.id ?? '';
    const b = (await client.attachPaymentMethod({ paymentMethodId: await card(me, '5555555555554444'), setupIntentId: '', replacesPaymentMethodId: '' }, me)).method?.id ?? '';
    const c = (await client.attachPaymentMethod({ paymentMethodId: await card(me, '378282246310005'), setupIntentId: '', replacesPaymentMethodId: a }, me)).method;
    expect(c).toMatchObject({ brand: 'amex', isDefault: true });
    expect((await client.listPaymentMethods({}, me)).methods.map((m) => m.id)).toEqual([c?.id, b]);
    await client.detachPaymentMethod({ paymentMethodId: c?.id ?? '' }, me);
    expect((await client.listPaymentMethods({}, me)).methods.map((m) => [m.id, m.isDefault])).toEqual([[b, true]]);
    await client.detachPaymentMethod({ paymentMethodId: b }, me);
    expect((await client.listPaymentMethods({}, me)).methods).toEqual([]);
    await expectAppError(client.detachPaymentMethod({ paymentMethodId: b }, me), 'not-found');
  });

  it('flags an expired card (a card saved before its month ended)', async () => {
    const { client, clock } = h();
    const me = freshUser();
    const now = new Date(clock.now);
    const id = await card(me, '4242424242424242', now.getUTCFullYear(), now.getUTCMonth() + 1);
    await client.attachPaymentMethod({ paymentMethodId: id, setupIntentId: '', replacesPaymentMethodId: '' }, me);
    const saved = clock.now;
    clock.now += 40 * 24 * 3600_000;
    expect((await client.listPaymentMethods({}, me)).methods[0]).toMatchObject({ isDefault: true, expired: true });
    clock.now = saved;
  });

  it('never shows or lets anyone else use, change or remove your methods', async () => {
    const { client, paymentRequest } = h();
    const me = freshUser();
    const intruder = freshUser();
    const mine = (await client.attachPaymentMethod({ paymentMethodId: await card(me), setupIntentId: '', replacesPaymentMethodId: '' }, me)).method?.id ?? '';
    expect((await client.listPaymentMethods({}, intruder)).methods).toEqual([]);
    await expectAppError(client.detachPaymentMethod({ paymentMethodId: mine }, intruder), 'not-found');
    await expectAppError(client.setDefaultPaymentMethod({ paymentMethodId: mine }, intruder), 'not-found');
    await expectAppError(client.attachPaymentMethod({ paymentMethodId: mine, setupIntentId: '', replacesPaymentMethodId: '' }, intruder), 'forbidden');
    await expectAppError(client.attachPaymentMethod({ paymentMethodId: await card(intruder), setupIntentId: '', replacesPaymentMethodId: mine }, intruder), 'not-found');
    const intruderId = intruder.caller?.userId ?? '';
    await expectAppError(client.createPayment(paymentRequest({ buyerId: intruderId, paymentMethodId: mine }), as.service), 'forbidden');
    expect((await client.listPaymentMethods({}, me)).methods.map((m) => m.id)).toEqual([mine]);
    await expectAppError(client.listPaymentMethods({}, as.service), 'auth-unauthenticated');
  });

  it('a method removed by its owner is spent, as in Stripe: nobody attaches or pays with it again', async () => {
    const { client, paymentRequest } = h();
    const me = freshUser();
    const other = freshUser();
    const mine = (await client.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', setupIntentId: '', replacesPaymentMethodId: '' }, me)).method?.id ?? '';
    await client.detachPaymentMethod({ paymentMethodId: mine }, me);
    for (const who of [other, me]) {
      const err = await expectAppError(client.attachPaymentMethod({ paymentMethodId: mine, setupIntentId: '', replacesPaymentMethodId: '' }, who), 'validation-invalid-params');
      expect(err.meta?.fields).toEqual({ paymentMethodId: 'validation.paymentMethodUnknown' });
      const buyerId = who.caller?.userId ?? '';
      await expectAppError(client.checkPaymentMethod({ buyerId, paymentMethodId: mine }, as.service), 'validation-invalid-params');
      await expectAppError(client.createPayment(paymentRequest({ buyerId, paymentMethodId: mine }), as.service), 'validation-invalid-params');
    }
    // Saved by one customer (not removed), it is not another's to save.
    const theirs = (await client.attachPaymentMethod({ paymentMethodId: await card(other), setupIntentId: '', replacesPaymentMethodId: '' }, other)).method?.id ?? '';
    await expectAppError(client.attachPaymentMethod({ paymentMethodId: theirs, setupIntentId: '', replacesPaymentMethodId: '' }, me), 'forbidden');
    // A method issued but never saved is the holder's to pay with (Stripe.js's new card at checkout).
    const fresh = await card(me);
    expect((await client.createPayment(paymentRequest({ buyerId: me.caller?.userId ?? '', paymentMethodId: fresh }), as.service)).payment?.status).toBe('succeeded');
  });

  it('a limited-access login sees its methods but changes none (as addresses, cart and checkout)', async () => {
    const { client } = h();
    const me = freshUser();
    const mine = (await client.attachPaymentMethod({ paymentMethodId: await card(me), setupIntentId: '', replacesPaymentMethodId: '' }, me)).method?.id ?? '';
    const limited: CallContext = { ...me, caller: { userId: me.caller?.userId ?? '', role: 'buyer', scopes: [LIMITED_SCOPE] } };
    expect((await client.listPaymentMethods({}, limited)).methods.map((m) => m.id)).toEqual([mine]);
    for (const call of [
      client.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', setupIntentId: '', replacesPaymentMethodId: '' }, limited),
      client.setDefaultPaymentMethod({ paymentMethodId: mine }, limited),
      client.detachPaymentMethod({ paymentMethodId: mine }, limited),
      client.createSetupIntent({ paymentMethodType: 'card' }, limited),
      client.createSandboxPaymentMethod({ details: { $case: 'card', value: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } } }, limited),
    ]) {
      const err = await expectAppError(call, 'forbidden');
      expect(err.meta?.['reason']).toBe(LIMITED_ACCESS_REASON);
    }
    expect((await client.listPaymentMethods({}, me)).methods.map((m) => m.id)).toEqual([mine]);
  });

  it('checks card and BECS details before issuing a method, and stores no number', async () => {
    const { client, svc } = h();
    const me = freshUser();
    const bad = await expectAppError(client.createSandboxPaymentMethod({ details: { $case: 'card', value: { number: '4242424242424241', expMonth: 1, expYear: 2001, cvc: '1' } } }, me), 'validation-invalid-params');
    expect(bad.meta).toEqual({ fields: { number: 'validation.cardNumberInvalid', expYear: 'validation.cardExpired', cvc: 'validation.cvcInvalid' } });
    const becs = await expectAppError(client.createSandboxPaymentMethod({ details: { $case: 'becs', value: { bsbNumber: '12', accountNumber: '000123456', accountHolderName: 'A', email: 'a@example.com', mandateAccepted: false } } }, me), 'validation-invalid-params');
    expect(becs.meta).toEqual({ fields: { bsbNumber: 'validation.bsbInvalid', mandateAccepted: 'validation.mandateRequired' } });
    await expectAppError(client.createSandboxPaymentMethod({ details: undefined }, me), 'validation-invalid-params');
    const id = await card(me, '4000 0000 0000 9995');
    const stored = await svc.db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toMatch(/400000000000|123(?!\d)/);
    expect(stored).toMatchObject({ last4: '9995', behaviour: 'insufficient_funds', brand: 'visa' });
  });

  it('refuses to save the generic decline card, as Stripe’s setup does; the insufficient-funds card saves', async () => {
    const { client } = h();
    const me = freshUser();
    for (const paymentMethodId of [await card(me, '4000000000000002'), 'pm_card_chargeDeclined']) {
      const refused = await expectAppError(client.attachPaymentMethod({ paymentMethodId, setupIntentId: '', replacesPaymentMethodId: '' }, me), 'validation-invalid-params');
      expect(refused.meta).toEqual({ fields: { paymentMethodId: 'validation.cardDeclined' } });
    }
    expect((await client.listPaymentMethods({}, me)).methods).toEqual([]);
    const saved = await client.attachPaymentMethod({ paymentMethodId: await card(me, '4000000000009995'), setupIntentId: '', replacesPaymentMethodId: '' }, me);
    expect([saved.method?.last4, saved.method?.isDefault]).toEqual(['9995', true]);
  });

  it('gives a setup intent and says which provider runs', async () => {
    const { client } = h();
    const me = freshUser();
    const intent = await client.createSetupIntent({ paymentMethodType: 'au_becs_debit' }, me);
    expect(intent.setupIntentId).toMatch(/^seti_sandbox_/);
    expect(intent.clientSecret).toContain('_secret_');
    await expectAppError(client.createSetupIntent({ paymentMethodType: 'paypal' }, me), 'validation-invalid-params');
    expect(await client.getProviderConfig({}, as.service)).toEqual({ provider: 'sandbox', publishableKey: '' });
  });
});
