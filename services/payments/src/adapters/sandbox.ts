/**
 * The built-in sandbox provider (embedded mode and tests): Stripe's test-card semantics without a
 * network (ADR 040). It keeps brand, last four, expiry and behaviour of each method it issues —
 * never a card or account number, never a CVC — and charges by the domain's table.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { isCardExpired, PAYMENT_MSG, sandboxChallengePath, sandboxCharge, STRIPE_TEST_PAYMENT_METHODS, testMethodExpiry, type MethodSummary } from '../domain';
import type { PaymentsDB } from '../db/schema';
import { attachSandboxMethod, detachSandboxMethod, findSandboxMethod, insertSandboxMethod } from '../db/sandbox-methods';
import type { ChargeRequest, ChargeResult, MethodDetails, PaymentProvider } from '../app/provider';

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** What Stripe.js does in the browser: details in, a `pm_sandbox_…` id out (only the summary is kept). */
  createMethod(summary: MethodSummary): Promise<string>;
}

const token = (): string => randomBytes(12).toString('hex');

export function createSandboxProvider(opts: { db: Kysely<PaymentsDB>; now: () => Date }): SandboxProvider {
  const { db, now } = opts;

  const describe = async (id: string): Promise<MethodDetails | null> => {
    const test = STRIPE_TEST_PAYMENT_METHODS[id];
    if (test) return { id, type: test.type, brand: test.brand, last4: test.last4, ...testMethodExpiry(now()), bsb: '', behaviour: test.behaviour };
    const row = await findSandboxMethod(db, id);
    if (!row) return null;
    return { id: row.id, type: row.type, brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year, bsb: row.bsb, behaviour: row.behaviour, attached: row.customer_id !== '', detached: row.detached };
  };

  const createMethod = async (summary: MethodSummary): Promise<string> => {
    const id = `pm_sandbox_${token()}`;
    await insertSandboxMethod(db, { id, type: summary.type, brand: summary.brand, last4: summary.last4, exp_month: summary.expMonth, exp_year: summary.expYear, bsb: summary.bsb, behaviour: summary.behaviour });
    return id;
  };

  return {
    kind: 'sandbox',
    publishableKey: '',
    createMethod,
    createCustomer: async () => `cus_sandbox_${token()}`,
    createSetupIntent: async () => {
      const id = `seti_sandbox_${token()}`;
      return { id, clientSecret: `${id}_secret_${token()}` };
    },
    describePaymentMethod: describe,
    async attachPaymentMethod({ paymentMethodId, customerId }) {
      const found = await describe(paymentMethodId);
      if (!found || found.detached) throw new AppError('validation-invalid-params', { fields: { paymentMethodId: PAYMENT_MSG.paymentMethodUnknown } });
      // As in Stripe's test mode, the generic decline card is refused when it is saved (the card that
      // saves and then fails to charge is Stripe's 4000 0000 0000 0341); the others save.
      if (found.behaviour === 'declined') throw new AppError('validation-invalid-params', { fields: { paymentMethodId: PAYMENT_MSG.cardDeclined } });
      // As in Stripe, attaching a test id saves a new method of that kind rather than the shared id.
      const id = STRIPE_TEST_PAYMENT_METHODS[paymentMethodId]
        ? await createMethod({ type: found.type, brand: found.brand as MethodSummary['brand'], last4: found.last4, expMonth: found.expMonth, expYear: found.expYear, bsb: found.bsb, behaviour: found.behaviour ?? 'succeeds' })
        : paymentMethodId;
      // As in Stripe, a method attached to one customer cannot be attached to another (nor one detached, again).
      if (!(await attachSandboxMethod(db, id, customerId))) throw new AppError('validation-invalid-params', { fields: { paymentMethodId: PAYMENT_MSG.paymentMethodUnknown } });
      return { ...found, id, attached: true };
    },
    detachPaymentMethod: (id) => detachSandboxMethod(db, id),
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const { method } = req;
      const expired = method.type === 'card' && isCardExpired(method.expMonth, method.expYear, now());
      const outcome = sandboxCharge(method.behaviour ?? 'succeeds', { expired, onSession: !req.offSession });
      return {
        status: outcome.status,
        providerRef: `pi_sandbox_${randomUUID().replace(/-/g, '')}`,
        nextActionUrl: outcome.status === 'requires_action' ? sandboxChallengePath(req.paymentId) : '',
        clientSecret: '',
        failureCode: outcome.failureCode ?? '',
        failureMessage: outcome.failureMessage ?? '',
        ...(outcome.settlesAs ? { settlement: outcome.settlesAs } : {}),
      };
    },
    cancel: async () => undefined,
    refund: async () => ({ refundRef: `re_sandbox_${token()}` }),
    transfer: async () => ({ transferRef: `tr_sandbox_${token()}` }),
    verifyWebhook: () => {
      throw new AppError('forbidden', { reason: 'webhooks come from Stripe; the sandbox provider is running' });
    },
  };
}
