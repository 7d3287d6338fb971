/**
 * The built-in sandbox provider's rules: Stripe's documented test cards, test BECS accounts and test
 * PaymentMethod ids, each mapped to the behaviour it has in Stripe's test mode. Pure: the sandbox
 * adapter stores a method's behaviour (never its number) and charges by this table.
 */
import type { PaymentStatus, SavedMethodType } from './payment';

export const SANDBOX_BEHAVIOURS = ['succeeds', 'declined', 'insufficient_funds', 'requires_authentication', 'expired_card', 'becs_succeeds', 'becs_fails'] as const;
export type SandboxBehaviour = (typeof SANDBOX_BEHAVIOURS)[number];

/** Test card numbers with a behaviour other than success (every other valid number succeeds). */
export const SANDBOX_CARDS: Readonly<Record<string, SandboxBehaviour>> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'requires_authentication',
  '4000000000000069': 'expired_card',
};

/** Test BECS accounts (BSB 000-000): succeed after processing, fail after processing. */
export const SANDBOX_BECS_ACCOUNTS: Readonly<Record<string, SandboxBehaviour>> = {
  '000123456': 'becs_succeeds',
  '900123456': 'becs_fails',
};
export const SANDBOX_TEST_BSB = '000000';

export function cardBehaviour(digits: string): SandboxBehaviour {
  return SANDBOX_CARDS[digits] ?? 'succeeds';
}

/** Any other account processes and succeeds, as an account that clears would. */
export function becsBehaviour(accountDigits: string): SandboxBehaviour {
  return SANDBOX_BECS_ACCOUNTS[accountDigits] ?? 'becs_succeeds';
}

export interface TestPaymentMethod {
  type: SavedMethodType;
  brand: string;
  last4: string;
  behaviour: SandboxBehaviour;
}

/** Stripe's test PaymentMethod ids, usable without a browser (API clients, load tests, scripts). */
export const STRIPE_TEST_PAYMENT_METHODS: Readonly<Record<string, TestPaymentMethod>> = {
  pm_card_visa: { type: 'card', brand: 'visa', last4: '4242', behaviour: 'succeeds' },
  pm_card_mastercard: { type: 'card', brand: 'mastercard', last4: '4444', behaviour: 'succeeds' },
  pm_card_chargeDeclined: { type: 'card', brand: 'visa', last4: '0002', behaviour: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: { type: 'card', brand: 'visa', last4: '9995', behaviour: 'insufficient_funds' },
  pm_card_authenticationRequired: { type: 'card', brand: 'visa', last4: '3155', behaviour: 'requires_authentication' },
};

/** Test methods' cards expire at the end of next year, as Stripe's do (always in the future). */
export const testMethodExpiry = (now: Date): { expMonth: number; expYear: number } => ({ expMonth: 12, expYear: now.getUTCFullYear() + 1 });

export interface SandboxOutcome {
  status: Extract<PaymentStatus, 'succeeded' | 'processing' | 'requires_action' | 'requires_payment_method'>;
  failureCode?: string;
  failureMessage?: string;
  /** processing only: how it ends when it settles. */
  settlesAs?: SandboxSettlement;
}

export interface SandboxSettlement {
  status: 'succeeded' | 'requires_payment_method';
  failureCode?: string;
  failureMessage?: string;
}

/** Stripe's decline messages for the codes the sandbox answers. */
export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  payment_intent_authentication_failure: 'The provided payment method has failed authentication.',
  debit_not_authorized: 'The customer’s bank account could not be debited.',
};

const declined = (code: string): SandboxOutcome => ({ status: 'requires_payment_method', failureCode: code, failureMessage: DECLINE_MESSAGES[code] ?? 'The payment failed.' });

/**
 * What charging a method of this behaviour does. `onSession` false (a due-date charge without the
 * buyer) cannot answer a challenge: it fails as Stripe's off-session charges of such a card do.
 */
export function sandboxCharge(behaviour: SandboxBehaviour, opts: { expired: boolean; onSession: boolean }): SandboxOutcome {
  if (opts.expired) return declined('expired_card');
  switch (behaviour) {
    case 'succeeds':
      return { status: 'succeeded' };
    case 'declined':
      return declined('card_declined');
    case 'insufficient_funds':
      return declined('insufficient_funds');
    case 'expired_card':
      return declined('expired_card');
    case 'requires_authentication':
      return opts.onSession ? { status: 'requires_action' } : declined('authentication_required');
    case 'becs_succeeds':
      return { status: 'processing', settlesAs: { status: 'succeeded' } };
    case 'becs_fails':
      return { status: 'processing', settlesAs: { status: 'requires_payment_method', failureCode: 'debit_not_authorized', failureMessage: DECLINE_MESSAGES.debit_not_authorized } };
  }
}

/** The challenge's answer: authenticated → succeeded, else failed as Stripe reports it. */
export function sandboxChallengeOutcome(authenticated: boolean): SandboxOutcome {
  return authenticated ? { status: 'succeeded' } : declined('payment_intent_authentication_failure');
}

/** Where the buyer answers the sandbox's authentication challenge (a page of the web app). */
export const sandboxChallengePath = (paymentId: string): string => `/payments/sandbox/challenge/${encodeURIComponent(paymentId)}`;
