/**
 * The buying contract: cart, delivery addresses, checkout, orders and payment methods — request
 * bodies the gateway parses and the JSON it answers (amounts are integer cents of AUD). The rules
 * behind them (pricing, processes, terms, message keys) are the orders domain's.
 */
import { z } from 'zod';
import { AU_STATES } from '@caskade/kit/rules';
import { DELIVERY_METHODS, ORDER_MSG, PAYMENT_TERM_CHOICES } from '@caskade/orders/domain';
import { paginationSchema } from './catalog';

const cents = z.number().int();
/** An id: left out is `required`, anything but a UUID `invalidValue`. */
const uuid = z.uuid({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidValue') });

// ---- pricing ----
export const lineItemSchema = z.object({
  code: z.string().describe('units, wet, shipping-fee, gst, provider-commission, provider-commission-gst, customer-commission, customer-commission-gst'),
  includeFor: z.array(z.enum(['customer', 'provider'])),
  quantity: z.number().int(),
  unitPriceCents: cents,
  lineTotalCents: cents,
  listingId: z.string(),
  packageIndex: z.number().int(),
  description: z.string(),
});
export const pricedOrderSchema = z.object({
  lineItems: z.array(lineItemSchema),
  payinTotalCents: cents.describe('what the buyer pays, GST included'),
  payoutTotalCents: cents.describe('what the supplier receives'),
  gstTotalCents: cents,
  wetTotalCents: cents,
});

const quantity = z.number({ error: ORDER_MSG.quantityNotValid }).int({ error: ORDER_MSG.quantityNotValid }).min(0, { error: ORDER_MSG.quantityLessThanZero }).max(10_000_000, { error: ORDER_MSG.quantityOverMsg });
const packageIndex = z.number({ error: ORDER_MSG.pricePackRequired }).int({ error: ORDER_MSG.pricePackRequired }).min(0, { error: ORDER_MSG.pricePackRequired }).max(99, { error: ORDER_MSG.pricePackRequired });
const deliveryMethod = z.enum(DELIVERY_METHODS, { error: ORDER_MSG.deliveryMethodRequired });

export const orderDataInput = z.object({ packageIndex, quantity, deliveryMethod: deliveryMethod.optional() }).strict();
export const lineItemsBody = z.object({ listingId: uuid, orderData: orderDataInput, isOwnListing: z.boolean().optional() }).strict();

// ---- cart ----
const packageSchema = z.object({ packageType: z.string(), size: z.number().int(), unit: z.string(), quantity: z.number().int(), priceCents: cents, sku: z.string() });
export const cartEntrySchema = z.object({
  id: z.uuid(), listingId: z.uuid(), supplierId: z.uuid(), packageIndex: z.number().int(), package: packageSchema.nullable(), quantity: z.number().int(),
  deliveryMethod: z.string(), listingTitle: z.string(), listingSlug: z.string(), category: z.string(), available: z.number().int(),
  problem: z.string().describe('empty, or listing-unavailable / not-enough-stock / package-missing'), imageUrl: z.string(), addedAt: z.string(),
  requiresLiquorLicence: z.boolean().describe('the listing is liquor: checkout needs a liquor licence on file (ADR 042)'),
});
export const supplierGroupSchema = z.object({
  supplierId: z.uuid(), supplierName: z.string(), entries: z.array(cartEntrySchema), priced: pricedOrderSchema.nullable(),
  minimumOrderQuantity: z.number().int(), totalQuantity: z.number().int(), minimumMet: z.boolean(),
  paymentTermsOffered: z.array(z.string()), paymentTerm: z.string(),
  payoutAccountMissing: z.boolean().describe('the supplier cannot be paid yet (no payout account): its lines cannot be checked out'),
});
export const cartSchema = z.object({
  suppliers: z.array(supplierGroupSchema), itemCount: z.number().int().describe('the top bar badge'), entryCount: z.number().int(),
  payinTotalCents: cents, canCheckOut: z.boolean().describe('every supplier meets its minimum and can be paid, and no entry has a problem'),
});
export const addToCartBody = z.object({ listingId: uuid, packageIndex, quantity, deliveryMethod: deliveryMethod.optional() }).strict();
// A quantity left out keeps the entry's (a delivery method change); a quantity given is at least 1 (removing is DELETE).
export const updateCartBody = z.object({ entryId: uuid, quantity: quantity.refine((q) => q !== 0, { error: ORDER_MSG.quantityNotValid }).optional(), deliveryMethod: deliveryMethod.optional() }).strict();
export const updateCartAnswer = z.object({ cart: cartSchema, code: z.enum(['cart_updated', ORDER_MSG.cartNotChanged]) });
export const paymentTermBody = z.object({ supplierId: uuid, paymentTerm: z.enum(PAYMENT_TERM_CHOICES, { error: 'validation.invalidValue' }) }).strict();
export const cartLineItemsSchema = z.object({ suppliers: z.array(z.object({ supplierId: z.uuid(), supplierName: z.string(), priced: pricedOrderSchema.nullable() })) });

// ---- delivery addresses ----
const text = (max: number) => z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
export const deliveryAddressInput = z.object({
  name: text(100), street: text(200), city: text(100),
  state: z.enum(AU_STATES, { error: 'validation.stateInvalid' }),
  country: z.literal('AU', { error: 'validation.countryInvalid' }).default('AU'),
  postalCode: z.string().trim().regex(/^\d{4}$/, { error: 'validation.postalCodeInvalid' }),
  phone: text(20), email: z.email({ error: 'validation.emailInvalid' }).max(254),
  isDefault: z.boolean().default(false),
}).strict();
export const deliveryAddressSchema = deliveryAddressInput.extend({ id: z.uuid(), country: z.string(), state: z.string() });

// ---- supplier terms ----
export const supplierTermsSchema = z.object({ supplierId: z.uuid(), minimumOrderQuantity: z.number().int(), paymentTerms: z.array(z.string()) });

// ---- checkout and orders ----
export const paymentChoiceInput = {
  paymentMethodId: z.string().trim().min(3).max(255).optional().describe('a saved or new payment method (pm_…); pm_card_visa etc. work in the sandbox'),
  bankTransfer: z.boolean().optional().describe('pay by bank transfer instead: the orders wait in pending payment'),
};
/** Billing details (spec §5 Billing: line 1, postal code, city and country required; line 2 and state optional). */
/** Billing field lengths: the web's inputs take these as maxLength, so the browser stops the typing. */
export const BILLING_MAX_LENGTH = { addressLine1: 200, addressLine2: 200, postal: 20, city: 100, state: 100, country: 100 } as const;
/**
 * A billing text: `required` words a missing value; a too-long one gets `validation.tooLong` of its
 * own (in Zod 4 the schema-level `error` would otherwise word the `max` failure as "required" too).
 */
const billingText = (max: number, required: string) => z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: 'validation.tooLong' });
const optionalBillingText = (max: number) => z.string({ error: 'validation.invalidValue' }).trim().max(max, { error: 'validation.tooLong' }).default('');
export const billingInput = z.object({
  addressLine1: billingText(BILLING_MAX_LENGTH.addressLine1, 'addressLine1Required'),
  addressLine2: optionalBillingText(BILLING_MAX_LENGTH.addressLine2),
  postal: billingText(BILLING_MAX_LENGTH.postal, 'postalCodeRequired'),
  city: billingText(BILLING_MAX_LENGTH.city, 'cityRequired'),
  state: optionalBillingText(BILLING_MAX_LENGTH.state),
  country: billingText(BILLING_MAX_LENGTH.country, 'countryRequired'),
}).strict();
/** The total the buyer reviewed: the checkout is refused (409 transaction-price-changed) when the total is another by then. */
const expectedTotalInput = {
  expectedPayinTotalCents: z.number({ error: 'validation.invalidValue' }).int({ error: 'validation.invalidValue' }).min(1, { error: 'validation.invalidValue' }).max(99_999_999, { error: 'validation.invalidValue' }).optional()
    .describe('the payin total (every order, GST included, in cents) the buyer reviewed; another total refuses the checkout with 409 transaction-price-changed'),
};
export const initiateFromCartBody = z.object({ deliveryAddressId: uuid, isSpeculative: z.boolean().default(false), billing: billingInput.optional(), ...paymentChoiceInput, ...expectedTotalInput }).strict();
export const initiateBody = z.object({
  listingId: uuid, orderData: orderDataInput, deliveryAddressId: uuid, paymentTerm: z.enum(PAYMENT_TERM_CHOICES, { error: 'validation.invalidValue' }).default('none'),
  isSpeculative: z.boolean().default(false), billing: billingInput.optional(), ...paymentChoiceInput, ...expectedTotalInput,
  enquiryId: uuid.optional().describe('pay for the caller’s enquiry about this listing: that order becomes this checkout’s (pay now only)'),
}).strict();
/** An enquiry (product-spec §4: initial → enquiry): the listing, what is asked about, and the first message to the supplier. */
export const enquiryBody = z.object({
  listingId: uuid,
  packageIndex: z.number({ error: 'validation.invalidValue' }).int({ error: 'validation.invalidValue' }).min(0, { error: 'validation.invalidValue' }).max(50, { error: 'validation.invalidValue' }).default(0),
  quantity: z.number({ error: 'quantityNotValid' }).int({ error: 'quantityNotValid' }).min(1, { error: 'quantityNotValid' }).max(1_000_000, { error: 'quantityNotValid' }).default(1),
  message: z.string().trim().min(1, { error: 'validation.required' }).max(5000, { error: 'validation.tooLong' }),
}).strict();
export const retryPaymentBody = z.object({ ...paymentChoiceInput }).strict();

const addressSchema = z.object({ name: z.string(), street: z.string(), city: z.string(), state: z.string(), country: z.string(), postalCode: z.string(), phone: z.string(), email: z.string() });
/** A line of an order or a standing order, as it was ordered. */
export const orderLineSchema = z.object({
  listingId: z.string(), title: z.string(), packageIndex: z.number().int(), packageLabel: z.string(), quantity: z.number().int(), unitPriceCents: cents, deliveryMethod: z.string(), cartEntryId: z.string(),
  category: z.string().describe("the listing's category when ordered ('' on orders placed before it was kept); a service is given in person"),
});
export const orderSchema = z.object({
  id: z.string(), orderNumber: z.string(), checkoutId: z.string(), processName: z.string(), state: z.string(), lastTransition: z.string(), lastTransitionedAt: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }), provider: z.object({ id: z.string(), name: z.string() }), priced: pricedOrderSchema.nullable(),
  lines: z.array(orderLineSchema),
  paymentTerm: z.string(), paymentMethodType: z.string(), paymentStatus: z.string(), paymentDueAt: z.string(), deliveryAddress: addressSchema.nullable(),
  allowedTransitions: z.array(z.string()).describe('what the caller may run now (POST /api/transactions/{id}/transition)'),
  activity: z.array(z.object({ transition: z.string(), actor: z.string(), fromState: z.string(), toState: z.string(), at: z.string(), note: z.string() })),
  createdAt: z.string(), viewerRole: z.string(), paymentExpiresAt: z.string(), paymentFailureMessage: z.string(),
  refundedCents: cents.describe('refunded to the buyer for this order'), disputeReason: z.string(), payoutStatus: z.string().describe('pending, paid or none'),
});
export const checkoutSchema = z.object({
  id: z.uuid(), state: z.string(), orders: z.array(orderSchema), payinTotalCents: cents, chargeNowCents: cents, paymentStatus: z.string(),
  nextActionUrl: z.string(), clientSecret: z.string().describe('Stripe only, while the payment requires_action: for Stripe.js handleNextAction'), failureCode: z.string(), failureMessage: z.string(),
  bankTransfer: z.object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string(), reference: z.string(), amountCents: cents, dueBy: z.string() }).nullable(),
  createdAt: z.string(), expiresAt: z.string(),
  billing: z.object({ addressLine1: z.string(), addressLine2: z.string(), postal: z.string(), city: z.string(), state: z.string(), country: z.string() }).nullable(),
});
export const checkoutOutcomeSchema = z.object({ checkout: checkoutSchema.nullable(), preview: z.array(orderSchema), replayed: z.boolean() });
export const ordersPageSchema = z.object({ orders: z.array(orderSchema), pagination: paginationSchema });
export const transitionBody = z.object({ transition: z.string().min(1).max(120), params: z.record(z.string(), z.unknown()).default({}) }).strict();

// ---- payment methods ----
export const paymentMethodSchema = z.object({
  id: z.string(), type: z.enum(['card', 'au_becs_debit']), isDefault: z.boolean(), brand: z.string(), last4: z.string(), expMonth: z.number().int(),
  expYear: z.number().int(), bsb: z.string(), expired: z.boolean(),
});
export const payoutAccountSchema = z.object({ supplierId: z.string(), accountId: z.string(), chargesEnabled: z.boolean(), payoutsEnabled: z.boolean() });
export const paymentProviderSchema = z.object({ provider: z.enum(['sandbox', 'stripe']), publishableKey: z.string() });
export const setupIntentBody = z.object({ paymentMethodType: z.enum(['card', 'au_becs_debit']).default('card') }).strict();
export const attachPaymentMethodBody = z.object({ paymentMethodId: z.string().min(3).max(255), setupIntentId: z.string().max(255).optional(), replacesPaymentMethodId: z.string().max(255).optional() }).strict();
export const defaultPaymentMethodBody = z.object({ paymentMethodId: z.string().min(3).max(255) }).strict();
export const sandboxPaymentMethodBody = z.union([
  z.object({ card: z.object({ number: z.string().max(30), expMonth: z.number().int(), expYear: z.number().int(), cvc: z.string().max(4) }).strict() }).strict(),
  z.object({ becs: z.object({ bsbNumber: z.string().max(10), accountNumber: z.string().max(12), accountHolderName: z.string().max(100), email: z.string().max(254), mandateAccepted: z.boolean() }).strict() }).strict(),
]);
export const sandboxChallengeBody = z.object({ authenticated: z.boolean() }).strict();

export type PricedOrderView = z.output<typeof pricedOrderSchema>;
export type LineItemView = z.output<typeof lineItemSchema>;
export type CartView = z.output<typeof cartSchema>;
export type CartEntryView = z.output<typeof cartEntrySchema>;
export type SupplierGroupView = z.output<typeof supplierGroupSchema>;
export type DeliveryAddressView = z.output<typeof deliveryAddressSchema>;
export type DeliveryAddressInput = z.input<typeof deliveryAddressInput>;
export type OrderView = z.output<typeof orderSchema>;
export type CheckoutView = z.output<typeof checkoutSchema>;
export type BillingInput = z.input<typeof billingInput>;
export type CheckoutOutcomeView = z.output<typeof checkoutOutcomeSchema>;
export type OrdersPage = z.output<typeof ordersPageSchema>;
export type PaymentMethodView = z.output<typeof paymentMethodSchema>;
export type PayoutAccountView = z.output<typeof payoutAccountSchema>;
export type PaymentProviderView = z.output<typeof paymentProviderSchema>;
export type SandboxPaymentMethodBody = z.input<typeof sandboxPaymentMethodBody>;
export type EnquiryBody = z.input<typeof enquiryBody>;
export type SupplierTermsView = z.output<typeof supplierTermsSchema>;
