import { payoutAfterRefund, payoutDecisionFor } from './payout';

describe('payoutDecisionFor: completion releases a supplier’s transfer, a cancel drops it', () => {
  it.each([
    ['completed', 'released'],
    ['completed-multi-vendor', 'released'],
    ['canceled', 'canceled'],
    ['canceled-delayed-payment', 'canceled'],
    ['canceled-multi-vendor', 'canceled'],
    ['canceled-payment', 'canceled'],
    ['purchased', null],
    ['purchased-delayed-payment', null],
    ['delivered', null],
    ['received-multi-vendor', null],
    ['disputed-delayed-payment', null],
    ['payment-expired', null],
    ['', null],
  ])('%s → %s', (toState, decision) => {
    expect(payoutDecisionFor(toState)).toBe(decision);
  });
});

describe('a dispute settled with a partial refund', () => {
  it('releases the transfer less the refund; a full refund drops it', () => {
    expect(payoutDecisionFor('canceled-multi-vendor', { refundCents: 3_000, payinTotalCents: 11_000 })).toBe('released');
    expect(payoutDecisionFor('canceled-multi-vendor', { refundCents: 11_000, payinTotalCents: 11_000 })).toBe('canceled');
    expect(payoutDecisionFor('canceled', { refundCents: 0, payinTotalCents: 11_000 })).toBe('canceled');
    expect([payoutAfterRefund(10_000, 3_000), payoutAfterRefund(10_000, 12_000)]).toEqual([7_000, 0]);
  });
});
