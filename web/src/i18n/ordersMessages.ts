/**
 * en-AU wording of the order pages (my orders, my sales, the inbox tabs, order details, the
 * operator's orders) and the buyer's payment methods and delivery addresses. Kept apart from
 * messages.ts so it loads with those pages, not with the shell.
 */
import { ORDER_MSG } from '@caskade/orders/domain';
import { messageFor } from './messages';

/**
 * State names as people read them (product-spec §4). Not the process: the process lives in the
 * orders domain and the API answers what may run; this only names what the API says. A state
 * missing here shows raw (`stateLabel`).
 */
export const ORDER_STATE_LABELS: Record<string, string> = {
  initial: 'Started',
  enquiry: 'Enquiry',
  'pending-payment': 'Awaiting payment',
  'payment-expired': 'Payment expired',
  'canceled-payment': 'Payment cancelled',
  purchased: 'Purchased',
  delivered: 'Delivered',
  disputed: 'Disputed',
  received: 'Received',
  canceled: 'Cancelled',
  completed: 'Completed',
  'purchased-delayed-payment': 'Purchased on terms',
  'delivered-delayed-payment': 'Delivered (on terms)',
  'disputed-delayed-payment': 'Disputed (on terms)',
  'received-delayed-payment': 'Received (on terms)',
  'canceled-delayed-payment': 'Cancelled (on terms)',
  'pending-payment-multi-vendor': 'Awaiting payment',
  'purchased-multi-vendor': 'Purchased',
  'payment-expired-multi-vendor': 'Payment expired',
  'canceled-multi-vendor': 'Cancelled',
  'delivered-multi-vendor': 'Delivered',
  'disputed-multi-vendor': 'Disputed',
  'received-multi-vendor': 'Received',
  'completed-multi-vendor': 'Completed',
};

export const stateLabel = (state: string): string => ORDER_STATE_LABELS[state] ?? state;

/**
 * The state filter: the API filters on one exact state, and a cart checkout (one order per
 * supplier) and a single-listing purchase run under different state names, so the choices come
 * in two groups.
 */
export const STATE_FILTER_GROUPS: readonly { label: string; states: readonly string[] }[] = [
  {
    label: 'Cart orders',
    states: [
      'pending-payment-multi-vendor', 'purchased-multi-vendor', 'delivered-multi-vendor', 'disputed-multi-vendor', 'received-multi-vendor',
      'completed-multi-vendor', 'canceled-multi-vendor', 'payment-expired-multi-vendor',
    ],
  },
  {
    label: 'Single-listing orders',
    states: [
      'pending-payment', 'purchased', 'purchased-delayed-payment', 'delivered', 'delivered-delayed-payment', 'disputed', 'disputed-delayed-payment',
      'received', 'received-delayed-payment', 'completed', 'canceled', 'canceled-delayed-payment', 'canceled-payment', 'payment-expired',
    ],
  },
];

/**
 * Button and confirmation wording per transition the API may answer in `allowedTransitions`
 * (either process: the multi-vendor names carry `transition/multi-vendor-`). Unknown ones get a
 * generic wording from their name.
 */
const TRANSITION_LABELS: Record<string, { button: string; confirm: string }> = {
  'operator-confirm-payment': { button: 'Confirm payment received', confirm: 'Confirm that the bank transfer for this order has arrived? The order becomes purchased.' },
  'operator-cancel-payment': { button: 'Cancel payment', confirm: 'Cancel this order’s payment? The order is cancelled and its stock goes back on sale.' },
  'mark-delivered': { button: 'Confirm as delivered', confirm: 'Mark this order as delivered?' },
  'operator-mark-delivered': { button: 'Mark as delivered', confirm: 'Mark this order as delivered?' },
  'mark-received': { button: 'Confirm as received', confirm: 'Confirm you received this order?' },
  'mark-received-from-purchased': { button: 'Confirm as received', confirm: 'Confirm you received this order?' },
  'buyer-cancel': { button: 'Cancel order', confirm: 'Cancel this order?' },
  cancel: { button: 'Cancel order', confirm: 'Cancel this order?' },
  dispute: { button: 'Dispute', confirm: 'Dispute this order?' },
  'pay-now': { button: 'Pay now', confirm: 'Pay this order now with the payment method below?' },
};

const MULTI_VENDOR_PREFIX = 'transition/multi-vendor-';

export function transitionLabel(transition: string): { button: string; confirm: string } {
  const name = transition.startsWith(MULTI_VENDOR_PREFIX) ? transition.slice(MULTI_VENDOR_PREFIX.length) : transition;
  const known = TRANSITION_LABELS[name];
  if (known) return known;
  const words = name.replace(/-/g, ' ');
  const button = words.charAt(0).toUpperCase() + words.slice(1);
  return { button, confirm: `${button}?` };
}

/** Who ran a step of the activity. */
export const ACTOR_LABELS: Record<string, string> = { customer: 'Buyer', provider: 'Supplier', operator: 'Caskade', system: 'Caskade (automatic)' };

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  requires_payment_method: 'Payment failed',
  requires_action: 'Waiting for authentication',
  processing: 'Processing',
  awaiting_transfer: 'Waiting for bank transfer',
  succeeded: 'Paid',
  canceled: 'Cancelled',
  none: 'Nothing to pay',
};

export const PAYMENT_METHOD_TYPE_LABELS: Record<string, string> = {
  card: 'Card',
  au_becs_debit: 'Direct debit (BECS)',
  bank_transfer: 'Bank transfer',
};

export const PAYMENT_TERM_LABELS: Record<string, string> = { none: 'Pay now', '30_days': '30 days', '60_days': '60 days', '90_days': '90 days' };

export const DELIVERY_METHOD_LABELS: Record<string, string> = { pickup: 'Pickup', shipping: 'Shipping' };

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

/** Line item codes (product-spec §3) as the order's breakdown names them. */
export const LINE_ITEM_LABELS: Record<string, string> = {
  wet: 'Wine equalisation tax (WET)',
  'shipping-fee': 'Shipping',
  gst: 'GST',
  'provider-commission': 'Caskade platform fee',
  'provider-commission-gst': 'GST on platform fee',
  'customer-commission': 'Service fee',
  'customer-commission-gst': 'GST on service fee',
};

/** Field keys the payments and cart services answer that the shell's messages do not word. */
const FIELD_MESSAGES: Record<string, string> = {
  'validation.cardNumberInvalid': 'Enter a valid card number, like 4242 4242 4242 4242.',
  'validation.cardExpiryInvalid': 'Enter the expiry as MM / YY.',
  'validation.cardExpired': 'This card has expired.',
  'validation.cvcInvalid': 'Enter the 3 or 4 digit security code.',
  'validation.bsbInvalid': 'Enter a 6-digit BSB, like 062-000.',
  'validation.accountNumberInvalid': 'Enter an account number of 5 to 9 digits.',
  'validation.mandateRequired': 'Accept the direct debit request to save this account.',
  'validation.stateInvalid': 'Choose an Australian state or territory.',
  'validation.postcodeInvalid': 'Enter a 4-digit postcode.',
  'validation.postalCodeInvalid': 'Enter a 4-digit postcode.',
  'validation.countryInvalid': 'We deliver within Australia only.',
  'validation.tooManyAddresses': 'You have the most addresses allowed. Remove one to add another.',
  'validation.paymentMethodUnknown': 'That payment method is no longer saved. Reload the page.',
};

/** Wording for a field key from these pages' calls, falling back to the shared messages. */
export const fieldMessage = (key: string): string => FIELD_MESSAGES[key] ?? messageFor(key);

export const ordersUi = {
  actionFailed: ORDER_MSG.actionFailed,
  loadFailed: 'We couldn’t load this. Please try again.',
  list: {
    ordersTitle: 'My orders',
    ordersIntro: 'Everything you’ve ordered on Caskade, newest first.',
    salesTitle: 'My sales',
    salesIntro: 'Orders buyers have placed with you, newest first.',
    search: 'Search',
    searchOrdersHint: 'An order number or a supplier',
    searchSalesHint: 'An order number or a buyer',
    searchSubmit: 'Search',
    state: 'Status',
    anyState: 'Any status',
    clear: 'Clear',
    results: (n: number) => (n === 1 ? '1 order' : `${n} orders`),
    emptyOrders: 'You haven’t placed any orders yet.',
    emptySales: 'You haven’t had any sales yet.',
    noMatch: 'No orders match your search.',
    browse: 'Browse the marketplace',
    colOrder: 'Order',
    colSupplier: 'Supplier',
    colBuyer: 'Buyer',
    colDate: 'Date',
    colState: 'Status',
    colTotal: 'Total (incl. GST)',
    placedOn: (date: string) => `Placed ${date}`,
  },
  detail: {
    orderTitle: (n: string) => `Order ${n}`,
    payWith: 'Pay with',
    addPaymentMethod: 'Add a payment method first',
    back: 'Back to the list',
    supplier: 'Supplier',
    buyer: 'Buyer',
    placed: 'Placed',
    status: 'Status',
    items: 'Items',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price (ex GST)',
    amount: 'Amount',
    delivery: (method: string) => `Delivery: ${method}`,
    subtotal: 'Subtotal (ex GST)',
    total: 'Total (incl. GST)',
    payout: 'Your payout',
    supplierPayout: 'Supplier payout',
    supplierOnly: 'Only you see the platform fee lines and your payout.',
    address: 'Delivery address',
    noAddress: 'No delivery address (pickup).',
    payment: 'Payment',
    method: 'Method',
    paymentStatus: 'Payment status',
    term: 'Payment term',
    due: 'Due',
    payBy: 'Pay by',
    activity: 'Activity',
    noActivity: 'Nothing has happened yet.',
    activityEntry: (who: string, state: string) => `${who}: ${state}`,
    actions: 'Actions',
    done: (state: string) => `Done: the order is now ${state}.`,
    confirmTitle: 'Are you sure?',
  },
  operator: {
    title: 'Orders',
    intro: 'Find any order, open it, and confirm or cancel a bank-transfer payment.',
    search: 'Search orders',
    searchHint: 'An order number, a buyer or a supplier',
    awaiting: 'Awaiting bank transfer only',
    open: (n: string) => `Open order ${n}`,
    close: 'Close order',
    empty: 'No orders match.',
    forbidden: 'Only Caskade operators can see all orders.',
  },
  paymentMethods: {
    title: 'Payment methods',
    savedTitle: 'Saved payment methods',
    savedIntro: 'Your default method pays for orders charged later, such as orders on payment terms.',
    none: 'You haven’t saved a payment method yet.',
    default: 'Default',
    expired: 'Expired',
    expires: (mm: string, yy: string) => `Expires ${mm}/${yy}`,
    endingIn: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    becs: (bsb: string, last4: string) => `Bank account ${bsb} ••• ${last4}`,
    becsType: 'BECS direct debit',
    defaultExpired: 'Your default card has expired. Add a new card or make another method your default, or orders on payment terms can’t be charged.',
    menu: (name: string) => `Options for ${name}`,
    makeDefault: 'Make default',
    replace: 'Replace card',
    remove: 'Remove',
    removeTitle: 'Remove this payment method?',
    removeBody: (name: string) => `${name} will no longer be available for payments.`,
    removed: 'Payment method removed.',
    madeDefault: (name: string) => `${name} is now your default.`,
    addCardTitle: 'Add a card',
    replaceCardTitle: (name: string) => `Replace ${name}`,
    addCardIntro: 'Test mode: use 4242 4242 4242 4242 with any future expiry and any CVC.',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'Security code (CVC)',
    saveCard: 'Save card',
    saveReplacement: 'Replace card',
    cancelReplace: 'Cancel',
    cardSaved: 'Card saved.',
    cardReplaced: 'Card replaced.',
    addBecsTitle: 'Add a bank account (direct debit)',
    addBecsIntro: 'Pay from an Australian bank account by BECS direct debit.',
    bsb: 'BSB',
    accountNumber: 'Account number',
    accountHolder: 'Account holder name',
    email: 'Email address',
    mandateLabel: 'I accept the direct debit request above',
    mandate:
      'By providing your bank account details, you agree to this Direct Debit Request and the Direct Debit Request service agreement, and authorise Stripe Payments Australia Pty Ltd ACN 160 180 343 Direct Debit User ID number 507156 (“Stripe”) to debit your account through the Bulk Electronic Clearing System (BECS) on behalf of Caskade (the “Merchant”) for any amounts separately communicated to you by the Merchant. You certify that you are either an account holder or an authorised signatory on the account listed above.',
    saveBecs: 'Save bank account',
    becsSaved: 'Bank account saved.',
    saving: 'Saving…',
    stripeRequired: 'Adding a payment method needs Stripe Elements, which isn’t available in this version of the app. Your saved methods are listed above.',
  },
  addresses: {
    title: 'Delivery addresses',
    listTitle: 'Your delivery addresses',
    none: 'You haven’t saved a delivery address yet.',
    default: 'Default',
    makeDefault: 'Make default',
    edit: 'Edit',
    delete: 'Delete',
    deleteTitle: 'Delete this address?',
    deleteBody: (name: string) => `${name} will be removed from your delivery addresses.`,
    deleted: 'Address deleted.',
    deleteFailed: 'We couldn’t delete that address. Please try again.',
    madeDefault: (name: string) => `${name} is now your default address.`,
    addTitle: 'Add an address',
    editTitle: (name: string) => `Edit ${name}`,
    name: 'Name (venue or recipient)',
    street: 'Street address',
    city: 'Suburb or town',
    state: 'State or territory',
    chooseState: 'Choose…',
    postcode: 'Postcode',
    phone: 'Phone number',
    email: 'Email address',
    isDefault: 'Make this my default address',
    add: 'Save address',
    save: 'Save changes',
    cancelEdit: 'Cancel',
    added: 'Address saved.',
    updated: 'Address updated.',
    saveFailed: 'We couldn’t save that address. Please try again.',
  },
} as const;
