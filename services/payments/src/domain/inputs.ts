/**
 * Inputs checked before anything is stored or charged, with the web app's message keys. A bad
 * field answers validation-invalid-params with `meta.fields.<field>` = its key.
 */
import { accountDigits, bsbDigits, cardBrand, cardDigits, cvcValid, isCardExpired, luhnValid, type CardBrand } from './cards';
import { becsBehaviour, cardBehaviour, type SandboxBehaviour } from './sandbox';

export const PAYMENT_MSG = {
  cardNumberInvalid: 'validation.cardNumberInvalid',
  cardExpiryInvalid: 'validation.cardExpiryInvalid',
  cardExpired: 'validation.cardExpired',
  cvcInvalid: 'validation.cvcInvalid',
  bsbInvalid: 'validation.bsbInvalid',
  accountNumberInvalid: 'validation.accountNumberInvalid',
  accountHolderRequired: 'validation.required',
  emailInvalid: 'validation.emailInvalid',
  mandateRequired: 'validation.mandateRequired',
  detailsRequired: 'validation.required',
  paymentMethodRequired: 'validation.paymentMethodRequired',
  paymentMethodUnknown: 'validation.paymentMethodUnknown',
  /** The card's bank refused it when it was saved (Stripe's setup declines 4000 0000 0000 0002 so). */
  cardDeclined: 'validation.cardDeclined',
  paymentMethodTypeInvalid: 'validation.paymentMethodTypeInvalid',
  idempotencyKeyReused: 'validation.idempotencyKeyReused',
  idRequired: 'validation.required',
  idInvalid: 'validation.idInvalid',
  currencyInvalid: 'validation.currencyInvalid',
  refundAboveAmount: 'validation.refundAboveAmount',
  transfersAboveAmount: 'validation.transfersAboveAmount',
  windowInvalid: 'validation.bankTransferWindowInvalid',
  signatureInvalid: 'validation.webhookSignatureInvalid',
} as const;

export type FieldErrors = Record<string, string>;

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface BecsInput {
  bsbNumber: string;
  accountNumber: string;
  accountHolderName: string;
  email: string;
  mandateAccepted: boolean;
}

/** What is kept of a card or a BECS account: never the number, never the CVC. */
export interface MethodSummary {
  type: 'card' | 'au_becs_debit';
  brand: CardBrand | '';
  last4: string;
  expMonth: number;
  expYear: number;
  /** BECS: the BSB (it names a branch, not the account). */
  bsb: string;
  behaviour: SandboxBehaviour;
}

type Checked = { ok: true; summary: MethodSummary } | { ok: false; fields: FieldErrors };

export function checkCard(card: CardInput, now: Date): Checked {
  const fields: FieldErrors = {};
  const digits = cardDigits(card.number);
  if (!digits || !luhnValid(digits)) fields.number = PAYMENT_MSG.cardNumberInvalid;
  const monthOk = Number.isInteger(card.expMonth) && card.expMonth >= 1 && card.expMonth <= 12;
  const yearOk = Number.isInteger(card.expYear) && card.expYear >= 2000 && card.expYear <= now.getUTCFullYear() + 50;
  if (!monthOk) fields.expMonth = PAYMENT_MSG.cardExpiryInvalid;
  if (!yearOk) fields.expYear = PAYMENT_MSG.cardExpiryInvalid;
  if (monthOk && yearOk && isCardExpired(card.expMonth, card.expYear, now)) fields.expYear = PAYMENT_MSG.cardExpired;
  if (!cvcValid(card.cvc)) fields.cvc = PAYMENT_MSG.cvcInvalid;
  if (Object.keys(fields).length > 0 || !digits) return { ok: false, fields };
  return {
    ok: true,
    summary: { type: 'card', brand: cardBrand(digits), last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear, bsb: '', behaviour: cardBehaviour(digits) },
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkBecs(becs: BecsInput): Checked {
  const fields: FieldErrors = {};
  const bsb = bsbDigits(becs.bsbNumber);
  const account = accountDigits(becs.accountNumber);
  if (!bsb) fields.bsbNumber = PAYMENT_MSG.bsbInvalid;
  if (!account) fields.accountNumber = PAYMENT_MSG.accountNumberInvalid;
  if (becs.accountHolderName.trim().length === 0 || becs.accountHolderName.length > 200) fields.accountHolderName = PAYMENT_MSG.accountHolderRequired;
  if (!EMAIL.test(becs.email.trim())) fields.email = PAYMENT_MSG.emailInvalid;
  if (!becs.mandateAccepted) fields.mandateAccepted = PAYMENT_MSG.mandateRequired;
  if (Object.keys(fields).length > 0 || !bsb || !account) return { ok: false, fields };
  return { ok: true, summary: { type: 'au_becs_debit', brand: '', last4: account.slice(-4), expMonth: 0, expYear: 0, bsb, behaviour: becsBehaviour(account) } };
}

/** Ids the callers choose (payment, refund, supplier): printable, no spaces, at most 100 characters. */
export const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
export const validId = (id: string): boolean => ID_PATTERN.test(id);

/** Payment method ids: Stripe's `pm_…` (and the sandbox's `pm_sandbox_…`). */
export const validPaymentMethodId = (id: string): boolean => /^pm_[A-Za-z0-9_]{1,100}$/.test(id);

/** The largest charge accepted (Stripe's AUD limit is 99,999,999 cents). */
export const MAX_AMOUNT_CENTS = 99_999_999;
