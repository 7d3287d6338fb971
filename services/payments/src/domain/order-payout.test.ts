import { supplierPayoutCents } from './payout';

describe('the supplier’s payout for one order', () => {
  const priced = { payoutTotalCents: 20_000 };
  it('is the payout total while the order runs or once it completes', () => {
    expect(supplierPayoutCents({ payoutStatus: 'pending', refundedCents: 0, priced })).toBe(20_000);
    expect(supplierPayoutCents({ payoutStatus: 'paid', refundedCents: 0, priced })).toBe(20_000);
  });
  it('is nothing for an order never paid or canceled with a full refund', () => {
    expect(supplierPayoutCents({ payoutStatus: 'none', refundedCents: 0, priced })).toBe(0);
    expect(supplierPayoutCents({ payoutStatus: 'none', refundedCents: 22_000, priced })).toBe(0);
    expect(supplierPayoutCents({ payoutStatus: 'pending', refundedCents: 0, priced: undefined })).toBe(0);
  });
  it('is the payout less a partial refund, never below zero', () => {
    expect(supplierPayoutCents({ payoutStatus: 'paid', refundedCents: 5_000, priced })).toBe(15_000);
    expect(supplierPayoutCents({ payoutStatus: 'paid', refundedCents: 25_000, priced })).toBe(0);
  });
});
