import { payoutDecisionFor } from './payout';

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
