/**
 * Stripe.js for the Stripe provider (ADR 050), imported only by the lazy Stripe chunk: loads
 * Stripe.js once per publishable key, mounts the card or AU BECS element, and saves what the buyer
 * entered as a payment method — a SetupIntent from Caskade (POST /api/current-user/setup-intent),
 * confirmed in the browser (confirmCardSetup / confirmAuBecsDebitSetup: card and bank details go
 * to Stripe only), then attached to the buyer (POST /api/payment-methods/attach with the intent).
 */
import { loadStripe, type Stripe, type StripeAuBankAccountElement, type StripeCardElement } from '@stripe/stripe-js';
import type { PaymentMethodView } from '@caskade/gateway/contract';
import { api } from '../../../api/client';
import type { NewMethodKind, StripeBilling } from './index';

const loaded = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load (offline, blocked) may be tried again on the next mount.
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export type MountedElement = { kind: 'card'; element: StripeCardElement } | { kind: 'becs'; element: StripeAuBankAccountElement };

/** Stripe refused what was entered (an incomplete card, a declined setup): its message is the buyer's. */
export class StripeEntryError extends Error {}

const ELEMENT_STYLE = { base: { fontSize: '16px', color: '#1c1917', '::placeholder': { color: '#78716c' } }, invalid: { color: '#b91c1c' } };

export function mountElement(stripe: Stripe, kind: NewMethodKind, container: HTMLElement): MountedElement {
  const elements = stripe.elements({ locale: 'en-AU' });
  if (kind === 'card') {
    const element = elements.create('card', { hidePostalCode: true, style: ELEMENT_STYLE });
    element.mount(container);
    return { kind, element };
  }
  const element = elements.create('auBankAccount', { style: ELEMENT_STYLE });
  element.mount(container);
  return { kind, element };
}

/**
 * Runs what a payment still needs in the page — the card's authentication (3-D Secure) — with
 * Stripe.js's handleNextAction. Answers Stripe's message when it failed, else null; Stripe's webhook
 * then tells Caskade how the payment ended.
 */
export async function handleNextAction(publishableKey: string, clientSecret: string): Promise<string | null> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return null;
  const result = await stripe.handleNextAction({ clientSecret });
  return result.error ? (result.error.message ?? '') : null;
}

/** Saves the mounted element's card or bank account for the buyer; answers the saved method. */
export async function saveMethod(stripe: Stripe, mounted: MountedElement, billing: StripeBilling, replaces?: string): Promise<PaymentMethodView> {
  const paymentMethodType = mounted.kind === 'card' ? 'card' : 'au_becs_debit';
  const { setupIntentId, clientSecret } = await api<{ setupIntentId: string; clientSecret: string }>('POST', '/api/current-user/setup-intent', { paymentMethodType });
  const billingDetails = { ...(billing.name ? { name: billing.name } : {}), ...(billing.email ? { email: billing.email } : {}) };
  const result =
    mounted.kind === 'card'
      ? await stripe.confirmCardSetup(clientSecret, { payment_method: { card: mounted.element, billing_details: billingDetails } })
      : await stripe.confirmAuBecsDebitSetup(clientSecret, { payment_method: { au_becs_debit: mounted.element, billing_details: { name: billing.name, email: billing.email } } });
  if (result.error) throw new StripeEntryError(result.error.message ?? 'Stripe could not save this payment method.');
  const method = result.setupIntent.payment_method;
  const paymentMethodId = typeof method === 'string' ? method : (method?.id ?? '');
  if (!paymentMethodId) throw new StripeEntryError('Stripe could not save this payment method.');
  return api<PaymentMethodView>('POST', '/api/payment-methods/attach', { paymentMethodId, setupIntentId, ...(replaces ? { replacesPaymentMethodId: replaces } : {}) });
}
