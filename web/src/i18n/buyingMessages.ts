/**
 * en-AU wording for buying: the order panel, the cart, checkout, the payment challenge and the
 * confirmation. The keys are the orders and cart domains' (ORDER_MSG, ENTRY_PROBLEMS) and the
 * spec's billing keys; the rules behind them live in those domains, not here.
 */
import { ENTRY_PROBLEMS } from '@caskade/cart/domain';
import { LIMITED_ACCESS_REASON } from '@caskade/kit/rules';
import { ORDER_MSG, type PaymentTermChoice } from '@caskade/orders/domain';
import { isApiError } from '../api/client';
import { messageFor } from './messages';

/** Billing details (product-spec §5 "Checkout"): the spec's message keys for the required fields. */
/** Card brands as people write them (Stripe's and the sandbox's brand ids). */
export const CARD_BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

export const BILLING_MSG = {
  addressLine1Required: 'addressLine1Required',
  postalCodeRequired: 'postalCodeRequired',
  cityRequired: 'cityRequired',
  countryRequired: 'countryRequired',
} as const;

const messages: Record<string, string> = {
  [ORDER_MSG.selectPackageTypeRequired]: 'Choose a package first.',
  [ORDER_MSG.pricePackRequired]: 'Choose a package to add to your cart.',
  [ORDER_MSG.quantityNotValid]: 'Enter a quantity of at least 1.',
  [ORDER_MSG.quantityOverMsg]: 'That’s more than the supplier has in stock, counting what’s already in your cart.',
  [ORDER_MSG.quantityLessThanZero]: 'The quantity can’t be below 0.',
  [ORDER_MSG.deliveryMethodRequired]: 'Choose pickup or shipping.',
  [ORDER_MSG.deliveryMethodUnavailable]: 'This supplier doesn’t offer that delivery method for this product.',
  [ORDER_MSG.noStock]: 'No stock at the moment. Check back soon.',
  [ORDER_MSG.ownListing]: 'This is your own listing: you can’t order it.',
  [ORDER_MSG.supplierCannotBuy]: 'Supplier accounts can’t place orders. Log in with a buyer account to order.',
  [LIMITED_ACCESS_REASON]: 'This login has limited access: it can look around but not order. Ask the account owner to sign in to order.',
  [ORDER_MSG.stateNotServed]: 'This supplier doesn’t deliver to your state.',
  [ORDER_MSG.minimumOrderNotMet]: 'Minimum order not met',
  [ORDER_MSG.cartIsEmpty]: 'Cart is empty',
  [ORDER_MSG.paymentTermNotOffered]: 'This supplier doesn’t offer that payment term.',
  [ORDER_MSG.paymentFailed]: ORDER_MSG.paymentFailed,
  [ORDER_MSG.actionFailed]: ORDER_MSG.actionFailed,
  // The spec's refusal of a second transition (or checkout of the same lines) while one runs, worded for the buyer.
  [ORDER_MSG.pendingTransit]: 'This is already in progress in another window or tab. Wait a moment, then check your orders.',
  [ENTRY_PROBLEMS.listingUnavailable]: 'This product is no longer available. Remove it to check out.',
  [ENTRY_PROBLEMS.notEnoughStock]: 'There isn’t enough stock for this quantity. Lower it to check out.',
  [ENTRY_PROBLEMS.packageMissing]: 'The supplier no longer sells this package. Remove it to check out.',
  [BILLING_MSG.addressLine1Required]: 'Enter the street address.',
  [BILLING_MSG.postalCodeRequired]: 'Enter the postcode.',
  [BILLING_MSG.cityRequired]: 'Enter the city or suburb.',
  [BILLING_MSG.countryRequired]: 'Enter the country.',
  'validation.stateInvalid': 'Choose an Australian state or territory.',
  'validation.postcodeInvalid': 'Enter a 4-digit postcode.',
  'validation.postalCodeInvalid': 'Enter a 4-digit postcode.',
  'validation.countryInvalid': 'Deliveries are within Australia only.',
  'validation.idempotencyKeyRequired': 'Something went wrong sending your payment. Please try again.',
  cardNumberInvalid: 'Enter a valid card number, like 4242 4242 4242 4242.',
  cardExpiryInvalid: 'Enter the expiry as MM/YY.',
  cardExpired: 'This card has expired.',
  cardCvcInvalid: 'Enter the 3- or 4-digit security code.',
  bsbInvalid: 'Enter the 6-digit BSB.',
  accountNumberInvalid: 'Enter the account number (5 to 9 digits).',
  mandateRequired: 'Accept the direct debit request to pay this way.',
  paymentMethodRequired: 'Payment method is required',
  deliveryAddressRequired: 'Choose a delivery address.',
};

/** Wording for a buying key, else the app's shared wording (validation keys, error codes). */
export function buyingMessage(key: string): string {
  return messages[key] ?? messageFor(key);
}


/** Every message of a failed call: its field keys worded, the reason, or the error code's wording. */
export function failureMessages(error: unknown): string[] {
  if (!isApiError(error)) return [buyingMessage(ORDER_MSG.actionFailed)];
  const fields = Object.values(error.fields);
  if (fields.length > 0) return [...new Set(fields.map(buyingMessage))];
  const reason = error.meta?.['reason'] ?? error.meta?.['message'];
  return [typeof reason === 'string' ? buyingMessage(reason) : buyingMessage(error.code)];
}

export const PAYMENT_TERM_LABELS: Record<PaymentTermChoice, string> = {
  none: 'Pay now',
  '30_days': '30 days',
  '60_days': '60 days',
  '90_days': '90 days',
};

export const DELIVERY_METHOD_LABELS: Record<string, string> = { pickup: 'Pickup', shipping: 'Shipping' };

export const buyingUi = {
  panel: {
    heading: 'Order',
    open: 'Order now',
    package: 'Package',
    choosePackage: 'Choose a package',
    quantity: 'Quantity',
    chooseQuantity: 'Choose a quantity',
    delivery: 'Delivery',
    addToCart: 'Add to cart',
    adding: 'Adding…',
    added: 'Added to your cart',
    viewCart: 'View cart',
    buyNow: 'Buy now',
    enquire: 'Ask the supplier before buying',
    enquiryMessage: 'Your question',
    enquiryHint: 'About the package and quantity chosen above. The supplier answers in Messages; you can pay for the order once you are happy.',
    sendEnquiry: 'Send enquiry',
    sendingEnquiry: 'Sending…',
    calculating: 'Calculating…',
    signUpNote: 'Create a free buyer account or log in to order from this supplier.',
    ownListingScroll: 'This is your listing',
  },
  lines: {
    caption: 'Price breakdown',
    item: 'Item',
    amount: 'Amount',
    total: 'Total (incl. GST)',
  },
  cart: {
    title: 'Your cart',
    emptyBody: 'Find products from Australia’s independent producers and add them here.',
    browse: 'Browse products',
    from: (supplier: string) => `From ${supplier}`,
    quantityOf: (title: string) => `Quantity of ${title}`,
    remove: 'Remove',
    removeOf: (title: string) => `Remove ${title}`,
    minimum: (min: number, total: number) => `This supplier’s minimum order is ${min} ${min === 1 ? 'package' : 'packages'}; you have ${total}.`,
    paymentTerm: 'Payment',
    paymentTermHint: 'Pay now, or on the supplier’s terms: we charge your saved payment method on the due date.',
    checkout: 'Check out',
    cartTotal: 'Cart total (incl. GST)',
    blocked: 'Fix the problems above to check out.',
    totalLeavesOut: 'This total leaves out the items above that can’t be bought now.',
    packageGone: 'Package no longer sold',
    /** Said (politely) after a change on /cart: what changed, then the new cart total. */
    quantityChanged: (title: string, quantity: number) => `Quantity of ${title} changed to ${quantity}.`,
    removed: (title: string) => `${title} removed from your cart.`,
    newTotal: (total: string) => `Cart total (incl. GST): ${total}.`,
  },
  checkout: {
    title: 'Checkout',
    delivery: 'Delivery address',
    addAddress: 'Add a new address',
    newAddress: 'New delivery address',
    saveAddress: 'Save address',
    name: 'Business or recipient name',
    street: 'Street address',
    city: 'City or suburb',
    state: 'State or territory',
    chooseState: 'Choose a state',
    postcode: 'Postcode',
    phone: 'Phone',
    email: 'Email address',
    noAddress: 'Add a delivery address to continue.',
    billing: 'Billing details',
    sameAsDelivery: 'Fill in from the delivery address',
    addressLine1: 'Address line 1',
    addressLine2: 'Address line 2',
    billingCity: 'City',
    billingState: 'State',
    postal: 'Postcode',
    country: 'Country',
    payment: 'Payment method',
    savedCard: (brand: string, last4: string, month: number, year: number) => `${CARD_BRAND_LABELS[brand] ?? CARD_BRAND_LABELS.unknown} ending in ${last4}, expires ${String(month).padStart(2, '0')}/${String(year).slice(-2)}`,
    savedBecs: (bsb: string, last4: string) => `Direct debit ${bsb} ••••${last4}`,
    expired: 'expired',
    newCard: 'New card',
    becs: 'Direct debit (BECS)',
    bankTransfer: 'Bank transfer',
    bankTransferNote: 'We’ll show Caskade’s bank details and a reference after you place the order. Your order waits until the transfer arrives.',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code (CVC)',
    bsb: 'BSB',
    accountNumber: 'Account number',
    accountHolder: 'Account holder name',
    becsEmail: 'Email for debit notices',
    cardDetails: 'Card details',
    bankAccount: 'BSB and account number',
    mandate:
      'By providing your bank account details, you agree to this Direct Debit Request and the Direct Debit Request service agreement, and authorise Stripe Payments Australia Pty Ltd ACN 160 180 343 Direct Debit User ID number 507156 (“Stripe”) to debit your account through the Bulk Electronic Clearing System (BECS) on behalf of Caskade (the “Merchant”) for any amounts separately communicated to you by the Merchant. You certify that you are either an account holder or an authorised signatory on the account listed above.',
    mandateAccept: 'I accept the direct debit request above',
    summary: 'Order summary',
    orderFrom: (supplier: string) => `Order from ${supplier}`,
    term: (label: string) => `Payment: ${label}`,
    termCharge: 'Orders on payment terms are charged to this payment method on their due date.',
    termChargeDefault: 'Orders on payment terms are charged to your default saved payment method on their due date.',
    payNow: 'Due now (incl. GST)',
    pay: (amount: string) => `Pay ${amount}`,
    placeOrder: 'Place order',
    paying: 'Paying…',
    payAgain: 'Pay again',
    retryNote: 'Choose another payment method and pay again. Your stock is held for 15 minutes.',
    loadFailed: 'We couldn’t load your checkout.',
    retry: 'Try again',
    backToCart: 'Back to cart',
    noChoice: 'This page needs a product choice. Go back to the listing and choose Buy now.',
  },
  challenge: {
    title: 'Confirm your payment',
    intro: 'Your bank asks you to confirm this card payment (3D Secure). This is Caskade’s test bank: choose whether the check passes.',
    complete: 'Complete authentication',
    fail: 'Fail authentication',
    working: 'Sending…',
    stripeRunning: 'Your bank is asking you to confirm this payment. Follow the steps in the window that opened.',
    stripeFailed: 'Your bank did not confirm the payment.',
    stripeDone: 'Confirmed with your bank. Finishing your order…',
    stripeRetry: 'Confirm the payment again',
  },
  complete: {
    title: 'Thank you for your order',
    processing: 'We’re confirming your payment…',
    awaitingTransfer: 'Your order is waiting for your bank transfer',
    failedTitle: 'The payment didn’t go through',
    expiredTitle: 'The payment wasn’t completed in time',
    expiredBody: 'Your orders were cancelled and the stock was released. Add the products to your cart again to order.',
    orders: (n: number) => (n === 1 ? '1 order' : `${n} orders`),
    orderNumber: 'Order number',
    supplier: 'Supplier',
    state: 'Status',
    total: 'Total (incl. GST)',
    totalPaid: 'Total',
    dueLater: (date: string) => `Charged on ${date}`,
    transferHeading: 'Pay by bank transfer',
    transferIntro: 'Transfer the amount below to Caskade’s account and quote the reference, so we can match your payment.',
    accountName: 'Account name',
    bsb: 'BSB',
    accountNumber: 'Account number',
    reference: 'Reference',
    amount: 'Amount',
    dueBy: 'Pay by',
    viewOrders: 'View your orders',
    changeMethod: 'Change payment method and pay again',
  },
  orderState: {
    'pending-payment': 'Awaiting payment',
    'pending-payment-multi-vendor': 'Awaiting payment',
    purchased: 'Paid',
    'purchased-multi-vendor': 'Paid',
    'purchased-delayed-payment': 'Confirmed, on payment terms',
    'payment-expired': 'Payment expired',
    'payment-expired-multi-vendor': 'Payment expired',
    'canceled-payment': 'Cancelled',
    'canceled-multi-vendor': 'Cancelled',
  } as Record<string, string>,
};
