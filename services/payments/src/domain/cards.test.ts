import fc from 'fast-check';
import { bsbDigits, cardBrand, cardDigits, isCardExpired, luhnValid } from './cards';
import { checkBecs, checkCard } from './inputs';

/** Appends the Luhn check digit to a partial number. */
const withCheckDigit = (partial: string): string => {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${partial}${d}`)) return `${partial}${d}`;
  throw new Error('no check digit');
};

describe('cards', () => {
  test.each([
    ['4242424242424242', 'visa'], ['4000056655665556', 'visa'], ['5555555555554444', 'mastercard'], ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'], ['6011111111111117', 'discover'], ['3056930009020004', 'diners'], ['3566002020360505', 'jcb'], ['6200000000000005', 'unionpay'], ['9999999999999995', 'unknown'],
  ])('%s is a %s card with a valid check digit', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
    expect(luhnValid(number)).toBe(true);
  });

  test('Luhn: every number with its check digit passes, and changing any one digit fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{14,17}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (partial, at, delta) => {
        const number = withCheckDigit(partial);
        expect(luhnValid(number)).toBe(true);
        const i = at % number.length;
        const changed = `${number.slice(0, i)}${(Number(number[i]) + delta) % 10}${number.slice(i + 1)}`;
        expect(luhnValid(changed)).toBe(false);
      }),
    );
  });

  test('numbers are read with spaces and dashes; anything else is not a number', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4242x4242')).toBeNull();
    expect(luhnValid('42')).toBe(false);
    expect(bsbDigits('000-000')).toBe('000000');
    expect(bsbDigits('00-000')).toBeNull();
  });

  test('a card is valid through the last day of its expiry month', () => {
    const now = new Date('2026-03-31T23:59:00Z');
    expect(isCardExpired(3, 2026, now)).toBe(false);
    expect(isCardExpired(2, 2026, now)).toBe(true);
    expect(isCardExpired(12, 2025, now)).toBe(true);
    expect(isCardExpired(1, 2027, now)).toBe(false);
  });

  test('checkCard keeps brand, last four, expiry and behaviour only; bad fields are named', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const ok = checkCard({ number: '4000 0025 0000 3155', expMonth: 4, expYear: 2027, cvc: '123' }, now);
    expect(ok).toEqual({ ok: true, summary: { type: 'card', brand: 'visa', last4: '3155', expMonth: 4, expYear: 2027, bsb: '', behaviour: 'requires_authentication' } });
    expect(JSON.stringify(ok)).not.toContain('40000025');
    expect(checkCard({ number: '4242424242424241', expMonth: 2, expYear: 2026, cvc: '12' }, now)).toEqual({
      ok: false, fields: { number: 'validation.cardNumberInvalid', expYear: 'validation.cardExpired', cvc: 'validation.cvcInvalid' },
    });
    expect(checkCard({ number: '4242424242424242', expMonth: 13, expYear: 2027, cvc: '1234' }, now)).toEqual({ ok: false, fields: { expMonth: 'validation.cardExpiryInvalid' } });
  });

  test('checkBecs needs a six-digit BSB, an account number, a name, an email and the mandate', () => {
    expect(checkBecs({ bsbNumber: '000-000', accountNumber: '900123456', accountHolderName: 'Ava', email: 'ava@example.com', mandateAccepted: true })).toEqual({
      ok: true, summary: { type: 'au_becs_debit', brand: '', last4: '3456', expMonth: 0, expYear: 0, bsb: '000000', behaviour: 'becs_fails' },
    });
    expect(checkBecs({ bsbNumber: '0000', accountNumber: '12', accountHolderName: ' ', email: 'nope', mandateAccepted: false })).toEqual({
      ok: false,
      fields: { bsbNumber: 'validation.bsbInvalid', accountNumber: 'validation.accountNumberInvalid', accountHolderName: 'validation.required', email: 'validation.emailInvalid', mandateAccepted: 'validation.mandateRequired' },
    });
  });
});
