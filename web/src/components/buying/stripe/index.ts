/**
 * The way into Stripe Elements (ADR 050). Only this small module is in the pages' chunks: the
 * components and Stripe.js itself come in a separate chunk, loaded only when the payments provider
 * is Stripe (GET /api/payments/config), so the sandbox pages do not grow.
 */
import { lazy, useRef, type RefObject } from 'react';
import type { PaymentMethodView, PaymentProviderView } from '@caskade/gateway/contract';

export type NewMethodKind = 'card' | 'becs';

/** The billing details Stripe takes with a new method (BECS needs both). */
export interface StripeBilling {
  name: string;
  email: string;
}

/** Set by the mounted element: saves what the buyer entered as a payment method (Stripe's error message on failure). */
export interface StripeCollector {
  collect(billing: StripeBilling): Promise<PaymentMethodView>;
}

/** Stripe Elements for a checkout form: the key, and the collector the mounted element fills in. */
export interface StripeEntry {
  publishableKey: string;
  collector: RefObject<StripeCollector | null>;
}

/** A StripeEntry when the provider is Stripe, else null (the sandbox's own fields are used). */
export function useStripeEntry(config: PaymentProviderView | undefined): StripeEntry | null {
  const collector = useRef<StripeCollector | null>(null);
  return config?.provider === 'stripe' && config.publishableKey ? { publishableKey: config.publishableKey, collector } : null;
}

/**
 * The card's authentication (3-D Secure) of a Stripe payment, in the page: loads Stripe.js (the lazy
 * chunk) and runs handleNextAction. Answers Stripe's message when it failed ('' when Stripe gave
 * none), null when it passed or Stripe.js could not load (the page offers to try again).
 */
export async function authenticatePayment(publishableKey: string, clientSecret: string): Promise<string | null> {
  const { handleNextAction } = await import('./stripeClient');
  return handleNextAction(publishableKey, clientSecret);
}

/** The card or AU BECS element, mounted in its container, registering its collector. */
export const StripeElementField = lazy(() => import('./StripeElementField'));

/** /account/payment-methods with Stripe: add a card, add a bank account (with the mandate). */
export const StripeAddMethods = lazy(() => import('./StripeAddMethods'));
