import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { buyingMessage } from '../../i18n/buyingMessages';
import { fieldMessage } from '../../i18n/ordersMessages';
import { PaymentFields, initialPaymentForm, validatePayment } from './PaymentFields';

describe('the checkout’s card and bank checks are the payments service’s', () => {
  const now = new Date('2026-12-02T00:00:00Z');
  const card = (cardNumber: string, cvc = '123') => ({ ...initialPaymentForm([], 'buyer@example.com', true), kind: 'card' as const, cardNumber, expiry: '12/34', cvc });

  it('a card number must pass the Luhn check, as on the payment methods page, and is worded the same', () => {
    expect(validatePayment(card('4242 4242 4242 4242'), now)).toEqual({});
    // Sixteen digits, one mistyped: the old check (13–19 digits) let it through to the server.
    expect(validatePayment(card('4242 4242 4242 4241'), now)).toEqual({ cardNumber: 'cardNumberInvalid' });
    expect(validatePayment(card('4242-4242-4242-4242', '12'), now)).toEqual({ cvc: 'cardCvcInvalid' });
    expect(buyingMessage('cardNumberInvalid')).toBe(fieldMessage('validation.cardNumberInvalid'));
  });

  it('a BSB is six digits and an account number five to nine', () => {
    const becs = { ...initialPaymentForm([], 'buyer@example.com', true), kind: 'becs' as const, bsb: '000-000', accountNumber: '000123456', accountHolder: 'Race Bar', mandateAccepted: true };
    expect(validatePayment(becs, now)).toEqual({});
    expect(validatePayment({ ...becs, bsb: '000-00', accountNumber: '1234' }, now)).toEqual({ bsb: 'bsbInvalid', accountNumber: 'accountNumberInvalid' });
  });

  it('a missing saved method marks the choices invalid and ties its message to them', () => {
    const form = { ...initialPaymentForm([], 'buyer@example.com', true), kind: 'saved' as const, savedId: '' };
    const html = renderToString(<PaymentFields form={form} onChange={() => undefined} errors={validatePayment(form, now)} saved={[]} newMethods />);
    const described = /<fieldset aria-describedby="([^"]+)"/.exec(html)?.[1] ?? 'missing';
    expect(html).toContain(`<p id="${described}" class="text-sm font-medium text-red-700">${buyingMessage('paymentMethodRequired')}</p>`);
    expect(html.match(/aria-invalid="true"/g)?.length).toBe(3);
  });
});
