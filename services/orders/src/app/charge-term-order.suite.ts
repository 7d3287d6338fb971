/**
 * Payment terms on the real services: the order is purchased at once; on its due date the timer
 * charges the buyer's default payment method off-session, once; with no saved method (or a
 * decline) the order shows "failed auto-charge" and offers the buyer Pay now, which pays it.
 */
import { randomUUID } from 'node:crypto';
import { expectAppError } from '@caskade/kit/testing';
import { setOrderPaymentStatus } from '../db/orders';
import { PAY_NOW, TERM_DAYS } from '../domain/terms';
import { describeOrders, eventually, system, type OrdersHarness } from '../testing/harness';
import { runDueTimers } from './timers';

const DAY = 24 * 60 * 60 * 1000;
/** What the buyer of a term order may do before delivery, whatever its charge: cancel, or confirm receipt. */
const BUYER_ACTIONS = ['buyer-cancel-delayed-payment', 'mark-received-from-purchased-delayed-payment'];

/**
 * A 30-day order. `savedMethod` is saved first (the default); `chosenMethod`, when given, is saved
 * second and chosen at checkout: the method the due date is to charge.
 */
async function termOrder(h: OrdersHarness, savedMethod: string | null, chosenMethod?: string) {
  const supplier = await h.supplier();
  await h.cartClient.setSupplierTerms({ minimumOrderQuantity: 1, paymentTerms: ['30_days'] }, supplier);
  const listing = await h.listing(supplier, `Term Ale ${randomUUID().slice(0, 6)}`, 10);
  const { ctx, addressId } = await h.buyer();
  const save = async (paymentMethodId: string) =>
    (await h.paymentsClient.attachPaymentMethod({ paymentMethodId, setupIntentId: '', replacesPaymentMethodId: '' }, ctx)).method?.id ?? '';
  if (savedMethod) await save(savedMethod);
  const chosen = chosenMethod ? await save(chosenMethod) : '';
  await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, ctx);
  await h.cartClient.setPaymentTerm({ supplierId: supplier.caller?.userId ?? '', paymentTerm: '30_days' }, ctx);
  const out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: chosen, bankTransfer: false }, speculative: false, billing: undefined }, ctx);
  const order = out.outcome?.checkout?.orders[0];
  if (!order) throw new Error('no order');
  return { order, buyer: ctx, chosen };
}

describeOrders('payment terms', (harness, { test: it }) => {
  it('charges the default method on the due date, once', async () => {
    const h = harness();
    const { order, buyer } = await termOrder(h, 'pm_card_visa');
    expect([order.state, order.paymentStatus, order.priced?.payinTotalCents]).toEqual(['purchased-delayed-payment', 'pending', 52_800]);
    h.clock.now += (TERM_DAYS['30_days'] - 1) * DAY;
    await runDueTimers(h.orders.deps);
    expect((await h.client.getOrder({ id: order.id }, buyer)).order?.paymentStatus).toBe('pending');
    h.clock.now += 2 * DAY;
    await runDueTimers(h.orders.deps);
    const paid = await h.client.getOrder({ id: order.id }, buyer);
    expect([paid.order?.paymentStatus, paid.order?.allowedTransitions.sort()]).toEqual(['paid', BUYER_ACTIONS]);
    const payment = (await h.paymentsClient.getPayment({ paymentId: order.id }, { requestId: 't', caller: null })).payment;
    expect([payment?.status, payment?.amountCents]).toEqual(['succeeded', 52_800]);
    h.clock.now += DAY;
    expect((await runDueTimers(h.orders.deps)).fired).toBe(0);
  }, 30_000);

  it('charges the method chosen at checkout, not the default; one removed since gives way to the default', async () => {
    const h = harness();
    // The default pays; the chosen card has no funds: the due date charges the chosen one.
    const declined = await termOrder(h, 'pm_card_visa', 'pm_card_chargeDeclinedInsufficientFunds');
    expect(declined.chosen).toMatch(/^pm_/);
    const removed = await termOrder(h, 'pm_card_visa', 'pm_card_chargeDeclinedInsufficientFunds');
    await h.paymentsClient.detachPaymentMethod({ paymentMethodId: removed.chosen }, removed.buyer);
    h.clock.now += (TERM_DAYS['30_days'] + 1) * DAY;
    await runDueTimers(h.orders.deps);
    const charged = await Promise.all([declined, removed].map(async ({ order }) => (await h.paymentsClient.getPayment({ paymentId: order.id }, system)).payment));
    expect(charged.map((p) => [p?.paymentMethodId === declined.chosen, p?.status])).toEqual([[true, 'requires_payment_method'], [false, 'succeeded']]);
    const statuses = await Promise.all([declined, removed].map(async ({ order, buyer }) => (await h.client.getOrder({ id: order.id }, buyer)).order?.paymentStatus));
    expect(statuses).toEqual(['failed', 'paid']);
  }, 30_000);

  it('a term checkout refuses a payment method that is not the buyer\'s, and writes nothing', async () => {
    const h = harness();
    const supplier = await h.supplier();
    await h.cartClient.setSupplierTerms({ minimumOrderQuantity: 1, paymentTerms: ['30_days'] }, supplier);
    const listing = await h.listing(supplier, `Term Ale ${randomUUID().slice(0, 6)}`, 10);
    const other = await h.buyer();
    const theirs = (await h.paymentsClient.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', setupIntentId: '', replacesPaymentMethodId: '' }, other.ctx)).method?.id ?? '';
    const { ctx, addressId } = await h.buyer();
    await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, ctx);
    await h.cartClient.setPaymentTerm({ supplierId: supplier.caller?.userId ?? '', paymentTerm: '30_days' }, ctx);
    await expectAppError(h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: theirs, bankTransfer: false }, speculative: false, billing: undefined }, ctx), 'forbidden');
    expect((await h.client.queryOrders({ only: 'order', state: '', search: '', page: 1, perPage: 10 }, ctx)).orders).toEqual([]);
  }, 30_000);

  it('a term order canceled before its due date says its charge was dropped (not "pending"), and is never charged', async () => {
    const h = harness();
    const { order, buyer } = await termOrder(h, 'pm_card_visa');
    const canceled = (await h.client.transitionOrder({ id: order.id, transition: 'buyer-cancel-delayed-payment', paramsJson: '' }, buyer)).order;
    expect([canceled?.state, canceled?.paymentStatus, canceled?.refundedCents]).toEqual(['canceled-delayed-payment', 'canceled', 0]);
    h.clock.now += (TERM_DAYS['30_days'] + 1) * DAY;
    await runDueTimers(h.orders.deps);
    expect((await h.client.getOrder({ id: order.id }, buyer)).order?.paymentStatus).toBe('canceled');
    await expectAppError(h.paymentsClient.getPayment({ paymentId: order.id }, system), 'not-found');
  }, 30_000);

  it('with no saved method the charge fails: "failed auto-charge", then Pay now with a card pays it', async () => {
    const h = harness();
    const { order, buyer } = await termOrder(h, null);
    h.clock.now += (TERM_DAYS['30_days'] + 1) * DAY;
    await runDueTimers(h.orders.deps);
    const failed = (await h.client.getOrder({ id: order.id }, buyer)).order;
    expect([failed?.paymentStatus, failed?.allowedTransitions.sort()]).toEqual(['failed', [...BUYER_ACTIONS, PAY_NOW].sort()]);
    await expectAppError(h.client.transitionOrder({ id: order.id, transition: PAY_NOW, paramsJson: JSON.stringify({ paymentMethodId: 'pm_card_chargeDeclined' }) }, buyer), 'transaction-payment-failed');
    const paid = await h.client.transitionOrder({ id: order.id, transition: PAY_NOW, paramsJson: JSON.stringify({ paymentMethodId: 'pm_card_visa' }) }, buyer);
    expect([paid.order?.paymentStatus, paid.order?.allowedTransitions.sort(), paid.order?.state]).toEqual(['paid', BUYER_ACTIONS, 'purchased-delayed-payment']);
    const settled = await eventually(async () => (await h.client.getOrder({ id: order.id }, buyer)).order?.paymentStatus, (s) => s === 'paid');
    expect(settled).toBe('paid');
    // The declined card's status arriving late (its event, after Pay now answered) leaves the order paid.
    await setOrderPaymentStatus(h.orders.deps.db, order.id, 'failed');
    expect((await h.client.getOrder({ id: order.id }, buyer)).order?.paymentStatus).toBe('paid');
    await expectAppError(h.client.transitionOrder({ id: order.id, transition: PAY_NOW, paramsJson: JSON.stringify({ paymentMethodId: 'pm_card_visa' }) }, buyer), 'transaction-invalid-transition');
    // Not allowed any more: 409 with what is, whatever the params (not a 400 for a missing method).
    const refused = await expectAppError(h.client.transitionOrder({ id: order.id, transition: PAY_NOW, paramsJson: '' }, buyer), 'transaction-invalid-transition');
    expect((refused.meta?.['allowed'] as string[] | undefined)?.sort()).toEqual(BUYER_ACTIONS);
  }, 30_000);

  it('Pay now with a card that asks for its bank’s challenge: the challenge pays it; or another card does, and the old challenge charges nothing', async () => {
    const h = harness();
    const payNow = (id: string, buyer: Parameters<typeof h.client.getOrder>[1], paymentMethodId: string) =>
      h.client.transitionOrder({ id, transition: PAY_NOW, paramsJson: JSON.stringify({ paymentMethodId }) }, buyer);
    for (const finish of ['challenge', 'another card'] as const) {
      const { order, buyer } = await termOrder(h, null);
      h.clock.now += (TERM_DAYS['30_days'] + 1) * DAY;
      await runDueTimers(h.orders.deps);
      const asked = await expectAppError(payNow(order.id, buyer, 'pm_card_authenticationRequired'), 'transaction-payment-failed');
      expect(asked.meta?.['nextActionUrl']).toBe(`/payments/sandbox/challenge/${order.id}`);
      // Not paid yet: Pay now is still offered.
      expect((await h.client.getOrder({ id: order.id }, buyer)).order?.allowedTransitions).toContain(PAY_NOW);
      if (finish === 'challenge') {
        await h.paymentsClient.completeSandboxChallenge({ paymentId: order.id, authenticated: true }, buyer);
      } else {
        // Before: the payment waiting for its challenge refused any retry, so the order could never be paid.
        expect((await payNow(order.id, buyer, 'pm_card_visa')).order?.paymentStatus).toBe('paid');
        const late = await h.paymentsClient.completeSandboxChallenge({ paymentId: order.id, authenticated: true }, buyer);
        expect(late.payment?.status).toBe('succeeded');
      }
      expect(await eventually(async () => (await h.client.getOrder({ id: order.id }, buyer)).order?.paymentStatus, (s) => s === 'paid')).toBe('paid');
      const payment = (await h.paymentsClient.getPayment({ paymentId: order.id }, system)).payment;
      expect([payment?.status, Number(payment?.amountCents)]).toEqual(['succeeded', 52_800]);
    }
  }, 60_000);
});
