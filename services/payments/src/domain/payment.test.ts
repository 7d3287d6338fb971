import fc from 'fast-check';
import { allowed, bankTransferReference, cancelable, isFinal, neverChargeAgain, PAYMENT_STATUSES, PAYMENT_TRANSITIONS, type PaymentStatus } from './payment';
import { sandboxCharge, SANDBOX_BEHAVIOURS } from './sandbox';

const table: Array<[PaymentStatus, PaymentStatus, boolean]> = [
  ['requires_payment_method', 'succeeded', true],
  ['requires_payment_method', 'requires_payment_method', true],
  ['requires_payment_method', 'canceled', true],
  ['requires_action', 'succeeded', true],
  ['requires_action', 'canceled', true],
  ['processing', 'succeeded', true],
  ['processing', 'requires_payment_method', true],
  ['processing', 'canceled', false],
  ['awaiting_transfer', 'succeeded', true],
  ['awaiting_transfer', 'canceled', true],
  ['awaiting_transfer', 'processing', false],
  ['succeeded', 'canceled', false],
  ['succeeded', 'requires_payment_method', false],
  ['canceled', 'succeeded', false],
];

describe('PAYMENT_TRANSITIONS', () => {
  test.each(table)('%s → %s allowed: %s', (from, to, expected) => {
    expect(allowed(from, to)).toBe(expected);
  });

  test('succeeded and canceled are final; processing, succeeded and canceled are never charged again', () => {
    expect(PAYMENT_STATUSES.filter(isFinal)).toEqual(['succeeded', 'canceled']);
    expect(PAYMENT_STATUSES.filter(neverChargeAgain)).toEqual(['processing', 'succeeded', 'canceled']);
    expect(neverChargeAgain('requires_capture')).toBe(true);
    expect(PAYMENT_STATUSES.filter(cancelable)).toEqual(['requires_payment_method', 'requires_action', 'awaiting_transfer']);
  });

  test('no transition leaves a status that is never charged again for a charging one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAYMENT_STATUSES), fc.constantFrom(...PAYMENT_STATUSES), (from, to) => {
        if (neverChargeAgain(from) && allowed(from, to)) expect(['succeeded', 'requires_payment_method']).toContain(to);
      }),
    );
    for (const t of PAYMENT_TRANSITIONS) expect(PAYMENT_STATUSES).toContain(t.to);
  });

  test('every sandbox behaviour charges to a status an attempt may reach', () => {
    for (const b of SANDBOX_BEHAVIOURS) {
      for (const onSession of [true, false]) {
        expect(allowed('requires_payment_method', sandboxCharge(b, { expired: false, onSession }).status, 'attempt')).toBe(true);
      }
    }
    expect(sandboxCharge('requires_authentication', { expired: false, onSession: false })).toMatchObject({ status: 'requires_payment_method', failureCode: 'authentication_required' });
    expect(sandboxCharge('succeeds', { expired: true, onSession: true })).toMatchObject({ failureCode: 'expired_card' });
  });

  test('bank transfer references are the caller’s, cleaned, or one from the payment id', () => {
    expect(bankTransferReference('chk_8f2a9c01-77', '')).toBe('CSK-CHK8F2A9C0');
    expect(bankTransferReference('x', ' ord-1042; drop ')).toBe('ORD-1042 DROP');
    expect(bankTransferReference('x', 'A'.repeat(40))).toHaveLength(18);
  });
});
