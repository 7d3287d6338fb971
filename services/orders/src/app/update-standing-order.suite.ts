/**
 * Standing orders, kept by their buyer: create one from an order on a saved method (1–8 weeks),
 * list, pause, resume, skip the next run, change the interval, delete; nobody else sees or changes it.
 */
import { randomUUID } from 'node:crypto';
import { expectAppError } from '@caskade/kit/testing';
import { STANDING_ORDER_MSG } from '../domain/standing-orders';
import { ctxOf, describeOrders } from '../testing/harness';
import { paidOrder } from '../testing/orders-fixtures';

const WEEK = 7 * 24 * 60 * 60 * 1000;

describeOrders('standing orders', (harness, { test: it }) => {
  it('the buyer repeats an order on a saved method, pauses, skips, changes and ends it', async () => {
    const h = harness();
    const { order, buyer, supplier } = await paidOrder(h, [{ title: 'Weekly Pale', stock: 50, quantity: 2 }]);
    const method = (await h.paymentsClient.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', setupIntentId: '', replacesPaymentMethodId: '' }, buyer)).method?.id ?? '';
    const create = (intervalWeeks: number, paymentMethodId = method, ctx = buyer) => h.client.createStandingOrder({ orderId: order.id, intervalWeeks, paymentMethodId }, ctx);

    expect((await expectAppError(create(9), 'validation-invalid-params')).meta).toEqual({ fields: { intervalWeeks: STANDING_ORDER_MSG.intervalInvalid } });
    expect((await expectAppError(create(2, 'pm_not_mine'), 'validation-invalid-params')).meta).toEqual({ fields: { paymentMethodId: STANDING_ORDER_MSG.paymentMethodRequired } });
    await expectAppError(create(2, method, supplier), 'forbidden');
    await expectAppError(create(2, method, ctxOf(randomUUID(), 'buyer')), 'not-found');

    const created = (await create(2)).standingOrder;
    const start = h.clock.now;
    expect([created?.intervalWeeks, created?.paused, created?.nextRunAt, created?.paymentMethodId, created?.lines.map((l) => l.quantity), created?.supplier?.id]).toEqual([
      2, false, new Date(start + 2 * WEEK).toISOString(), method, [2], supplier.caller?.userId,
    ]);
    expect(created?.nextNoticeAt).toBe(new Date(start + 2 * WEEK - 2 * 24 * 60 * 60 * 1000).toISOString());
    const id = created?.id ?? '';
    // One standing order per order: a second, even two at once, would order everything twice on every run.
    const again = await Promise.allSettled([create(1), create(3)]);
    expect(again.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await expectAppError(create(4), 'validation-invalid-params')).meta).toEqual({ fields: { orderId: STANDING_ORDER_MSG.alreadyRepeated } });
    expect((await h.client.queryStandingOrders({}, buyer)).standingOrders.map((s) => s.id)).toEqual([id]);
    expect((await h.client.queryStandingOrders({}, supplier)).standingOrders).toEqual([]);

    const update = (req: { intervalWeeks?: number; paused?: boolean; skipNext?: boolean }, ctx = buyer) =>
      h.client.updateStandingOrder({ id, skipNext: false, ...req }, ctx).then((r) => r.standingOrder);
    expect((await update({ paused: true }))?.paused).toBe(true);
    expect((await update({ paused: false }))?.nextRunAt).toBe(new Date(start + 2 * WEEK).toISOString());
    expect((await update({ skipNext: true }))?.nextRunAt).toBe(new Date(start + 4 * WEEK).toISOString());
    const shorter = await update({ intervalWeeks: 1 });
    expect([shorter?.intervalWeeks, shorter?.nextRunAt]).toEqual([1, new Date(start + WEEK).toISOString()]);
    await expectAppError(update({}), 'validation-invalid-params');
    await expectAppError(update({ intervalWeeks: 0 }), 'validation-invalid-params');
    await expectAppError(update({ paused: true }, supplier), 'not-found');

    await expectAppError(h.client.deleteStandingOrder({ id }, ctxOf(randomUUID(), 'buyer')), 'not-found');
    expect(await h.client.deleteStandingOrder({ id }, buyer)).toEqual({});
    expect((await h.client.queryStandingOrders({}, buyer)).standingOrders).toEqual([]);
    await expectAppError(h.client.deleteStandingOrder({ id }, buyer), 'not-found');
    // Ended, the order may repeat again.
    expect((await create(2)).standingOrder?.sourceOrderId).toBe(order.id);
  }, 60_000);
});
