/**
 * The Stripe provider (ADR 040): Customers, SetupIntents, PaymentIntents (card, au_becs_debit)
 * confirmed at once, separate transfers to suppliers' connected accounts, Refunds, and webhooks
 * verified with the SDK. Every create carries an idempotency key derived from Caskade's own ids.
 */
import { AppError, invalidParams } from '@caskade/kit';
import Stripe from 'stripe';
import { PAYMENT_MSG, type SavedMethodType } from '../domain';
import type { ChargeRequest, ChargeResult, MethodDetails, PaymentProvider, WebhookEvent } from '../app/provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests: the API's origin (a local server answering as Stripe does), e.g. http://127.0.0.1:4010. */
  apiBase?: string;
  /** Clock for webhook timestamps (seconds are checked against it, 300 s tolerance). */
  now?: () => Date;
}

/** A webhook older than this (seconds) is refused, as the SDK's default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const CURRENCY = 'aud';

function connection(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return { host: url.hostname, port: url.port || (url.protocol === 'https:' ? 443 : 80), protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

/** Stripe's failures the caller can do nothing about become service-unavailable; others stay errors. */
function unavailable(err: unknown): never {
  if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError) {
    throw new AppError('service-unavailable', { provider: 'stripe' });
  }
  throw err;
}

function methodDetails(pm: Stripe.PaymentMethod): MethodDetails {
  if (pm.type === 'au_becs_debit') {
    return { id: pm.id, type: 'au_becs_debit', brand: '', last4: pm.au_becs_debit?.last4 ?? '', expMonth: 0, expYear: 0, bsb: pm.au_becs_debit?.bsb_number ?? '' };
  }
  if (pm.type !== 'card') throw invalidParams({ paymentMethodId: PAYMENT_MSG.paymentMethodTypeInvalid });
  return { id: pm.id, type: 'card', brand: pm.card?.brand ?? '', last4: pm.card?.last4 ?? '', expMonth: pm.card?.exp_month ?? 0, expYear: pm.card?.exp_year ?? 0, bsb: '' };
}

/** A payment intent as Caskade's statuses (requires_confirmation/capture do not occur: intents are confirmed and captured at once). */
export function intentResult(pi: Stripe.PaymentIntent): ChargeResult {
  const error = pi.last_payment_error;
  const status: ChargeResult['status'] =
    pi.status === 'succeeded' ? 'succeeded'
    : pi.status === 'processing' || pi.status === 'requires_capture' ? 'processing'
    : pi.status === 'requires_action' ? 'requires_action'
    : 'requires_payment_method';
  return {
    status,
    providerRef: pi.id,
    nextActionUrl: status === 'requires_action' ? (pi.next_action?.redirect_to_url?.url ?? '') : '',
    clientSecret: status === 'requires_action' ? (pi.client_secret ?? '') : '',
    failureCode: status === 'requires_payment_method' ? (error?.decline_code ?? error?.code ?? 'payment_failed') : '',
    failureMessage: status === 'requires_payment_method' ? (error?.message ?? 'The payment failed.') : '',
  };
}

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...connection(opts.apiBase) });
  const now = opts.now ?? (() => new Date());

  return {
    kind: 'stripe',
    publishableKey: opts.publishableKey,

    async createCustomer(userId) {
      const customer = await stripe.customers.create({ metadata: { user_id: userId } }, { idempotencyKey: `customer:${userId}` }).catch(unavailable);
      return customer.id;
    },

    async createSetupIntent({ customerId, type, idempotencyKey }) {
      const intent = await stripe.setupIntents
        .create({ customer: customerId, allowed_payment_method_types: [type], usage: 'off_session' }, { idempotencyKey })
        .catch(unavailable);
      return { id: intent.id, clientSecret: intent.client_secret ?? '' };
    },

    async describePaymentMethod(id) {
      try {
        return methodDetails(await stripe.paymentMethods.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        return unavailable(err);
      }
    },

    async attachPaymentMethod({ customerId, paymentMethodId, setupIntentId }) {
      if (setupIntentId) {
        // Elements confirmed the setup intent in the browser: it attached the method (and its mandate) already.
        const intent = await stripe.setupIntents.retrieve(setupIntentId).catch(unavailable);
        const attached = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
        if (intent.customer !== customerId || intent.status !== 'succeeded' || attached !== paymentMethodId) {
          throw invalidParams({ setupIntentId: PAYMENT_MSG.paymentMethodUnknown });
        }
        return methodDetails(await stripe.paymentMethods.retrieve(paymentMethodId).catch(unavailable));
      }
      try {
        return methodDetails(await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) throw invalidParams({ paymentMethodId: PAYMENT_MSG.cardDeclined });
        if (err instanceof Stripe.errors.StripeInvalidRequestError) throw invalidParams({ paymentMethodId: PAYMENT_MSG.paymentMethodUnknown });
        return unavailable(err);
      }
    },

    async detachPaymentMethod(id) {
      await stripe.paymentMethods.detach(id).catch(unavailable);
    },

    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const type: SavedMethodType = req.method.type;
      const params: Stripe.PaymentIntentCreateParams = {
        amount: req.amountCents,
        currency: CURRENCY,
        customer: req.customerId,
        payment_method: req.method.id,
        allowed_payment_method_types: [type],
        confirm: true,
        off_session: req.offSession,
        description: req.description || undefined,
        transfer_group: req.transferGroup,
        metadata: { payment_id: req.paymentId },
      };
      if (type === 'au_becs_debit') {
        // The buyer accepted the direct debit request (mandate text) in Caskade's checkout.
        params.mandate_data = { customer_acceptance: { type: 'offline', accepted_at: Math.floor(now().getTime() / 1000) } };
      }
      try {
        return intentResult(await stripe.paymentIntents.create(params, { idempotencyKey: req.idempotencyKey }));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          // A decline: Stripe answers 402 with the intent (now requires_payment_method).
          const pi = err.payment_intent;
          return {
            status: 'requires_payment_method',
            providerRef: pi?.id ?? '',
            nextActionUrl: '',
            clientSecret: '',
            failureCode: err.decline_code ?? err.code ?? 'card_declined',
            failureMessage: err.message,
          };
        }
        return unavailable(err);
      }
    },

    async cancel(providerRef) {
      try {
        await stripe.paymentIntents.cancel(providerRef);
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) return unavailable(err);
        // Refused: fine when it is canceled already; an intent that moved on meanwhile (its challenge
        // completed, its debit processing, before the webhook said so) is not canceled, and so must
        // not be charged again: refused, nothing changes (ADR 079).
        const intent = await stripe.paymentIntents.retrieve(providerRef).catch(unavailable);
        if (intent.status === 'canceled') return;
        throw new AppError('transaction-invalid-transition', { from: intent.status, to: 'canceled', reason: 'intent-moved-on' });
      }
    },

    async refund({ providerRef, refundId, amountCents }) {
      const refund = await stripe.refunds.create({ payment_intent: providerRef, amount: amountCents, metadata: { refund_id: refundId } }, { idempotencyKey: `refund:${refundId}` }).catch(unavailable);
      return { refundRef: refund.id };
    },

    async transfer({ idempotencyKey, amountCents, destination, transferGroup }) {
      const transfer = await stripe.transfers.create({ amount: amountCents, currency: CURRENCY, destination, transfer_group: transferGroup }, { idempotencyKey });
      return { transferRef: transfer.id };
    },

    verifyWebhook(payload, signature): WebhookEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, opts.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, now().getTime());
      } catch (err) {
        const reason = err instanceof Error && /timestamp/i.test(err.message) ? 'validation.webhookTimestampOutsideTolerance' : PAYMENT_MSG.signatureInvalid;
        throw invalidParams({ signature: reason });
      }
      if (!event.type.startsWith('payment_intent.')) return { id: event.id, type: event.type };
      const pi = event.data.object as Stripe.PaymentIntent;
      return { id: event.id, type: event.type, payment: { paymentId: pi.metadata?.payment_id ?? '', result: intentResult(pi) } };
    },
  };
}
