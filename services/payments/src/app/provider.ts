/**
 * The payment provider port: Stripe when configured, else the built-in sandbox (ADR 040). The use
 * cases own the database and the state changes; a provider only talks to the outside (or, for the
 * sandbox, to its own tables) and answers what happened.
 */
import type { SandboxBehaviour, SandboxSettlement, SavedMethodType } from '../domain';

export type ProviderKind = 'sandbox' | 'stripe';

/** A payment method as the provider describes it (what Caskade may keep: never numbers). */
export interface MethodDetails {
  id: string;
  type: SavedMethodType;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  bsb: string;
  /** Sandbox only: how charging it behaves. */
  behaviour?: SandboxBehaviour;
  /** Sandbox only: attached to a customer (saved by someone), or detached since (spent). Stripe enforces both itself. */
  attached?: boolean;
  detached?: boolean;
}

export interface ChargeRequest {
  paymentId: string;
  /** Unique per attempt (`payment:<id>:<attempt>`): the provider answers a repeat with the first result. */
  idempotencyKey: string;
  amountCents: number;
  customerId: string;
  method: MethodDetails;
  offSession: boolean;
  description: string;
  /** Groups the payment with its transfers to suppliers (separate charges and transfers). */
  transferGroup: string;
}

export interface ChargeResult {
  status: 'succeeded' | 'processing' | 'requires_action' | 'requires_payment_method';
  /** The provider's payment (intent) id. */
  providerRef: string;
  nextActionUrl: string;
  clientSecret: string;
  failureCode: string;
  failureMessage: string;
  /** Sandbox, processing only: how and when it settles. */
  settlement?: SandboxSettlement;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** payment_intent.* events: the intent as it is now. */
  payment?: { paymentId: string; result: ChargeResult };
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** What the browser needs to collect details (Stripe's publishable key; empty for the sandbox). */
  readonly publishableKey: string;
  createCustomer(userId: string): Promise<string>;
  createSetupIntent(req: { customerId: string; type: SavedMethodType; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  /** The method's details (null when the provider has no such method). */
  describePaymentMethod(id: string): Promise<MethodDetails | null>;
  /** Attaches to the customer and answers the saved method (a test id becomes a method of its own, as in Stripe). */
  attachPaymentMethod(req: { customerId: string; paymentMethodId: string; setupIntentId: string }): Promise<MethodDetails>;
  detachPaymentMethod(id: string): Promise<void>;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** Cancels the provider's payment intent (nothing for the sandbox). */
  cancel(providerRef: string): Promise<void>;
  refund(req: { providerRef: string; refundId: string; amountCents: number }): Promise<{ refundRef: string }>;
  transfer(req: { idempotencyKey: string; amountCents: number; destination: string; transferGroup: string; providerRef: string }): Promise<{ transferRef: string }>;
  /** Verifies a webhook's signature (throws validation-invalid-params {signature}) and reads it. */
  verifyWebhook(payload: Buffer, signature: string): WebhookEvent;
}
