/** Rows → contract messages. */
import { CURRENCY } from '@caskade/kit';
import { payments } from '@caskade/proto';
import { formatBsb, isCardExpired } from '../domain';
import type { PaymentMethodRow } from '../db/payment-methods';
import type { PaymentRow } from '../db/payments';
import type { BankAccount } from './deps';

export function toPaymentMethod(row: PaymentMethodRow, now: Date): payments.PaymentMethod {
  return payments.PaymentMethod.fromPartial({
    id: row.id,
    type: row.type,
    isDefault: row.is_default,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    bsb: row.bsb ? formatBsb(row.bsb) : '',
    expired: row.type === 'card' && isCardExpired(row.exp_month, row.exp_year, now),
  });
}

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

export function toPayment(row: PaymentRow, bank: BankAccount): payments.Payment {
  return payments.Payment.fromPartial({
    id: row.id,
    buyerId: row.buyer_id,
    amountCents: row.amount_cents,
    currency: CURRENCY,
    methodType: row.method_type,
    paymentMethodId: row.payment_method_id,
    status: row.status,
    nextActionUrl: row.next_action_url,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    refundedCents: row.refunded_cents,
    createdAt: iso(row.created_at),
    clientSecret: row.client_secret,
    bankTransfer:
      row.method_type === 'bank_transfer'
        ? { accountName: bank.accountName, bsb: bank.bsb, accountNumber: bank.accountNumber, reference: row.bank_reference, amountCents: row.amount_cents, dueBy: row.bank_due_by ? iso(row.bank_due_by) : '' }
        : undefined,
  });
}
