/**
 * en-AU wording of the order pages (my orders, my sales, the inbox tabs, order details, the
 * operator's orders) and the buyer's payment methods and delivery addresses. Kept apart from
 * messages.ts so it loads with those pages, not with the shell.
 */
import { ORDER_MSG, PAY_NOW, PROCESSES, type ProcessName } from '@caskade/orders/domain';
import type { PaymentMethodView } from '@caskade/gateway/contract';
import { messageFor } from './messages';
import { CARD_BRAND_LABELS } from './buyingMessages';

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
 * What a state means to the people on the order, whatever its process: the state filter's groups
 * and the status badge's colour. Read from the state's name, so a state the processes gain later
 * still lands in a group.
 */
export const STATE_MEANINGS = ['enquiry', 'awaiting-payment', 'under-way', 'disputed', 'done', 'ended'] as const;
export type StateMeaning = (typeof STATE_MEANINGS)[number];

export function stateMeaning(state: string): StateMeaning {
  if (/cancel|expired/.test(state)) return 'ended';
  if (/pending-payment/.test(state)) return 'awaiting-payment';
  if (/disputed/.test(state)) return 'disputed';
  if (/received|completed/.test(state)) return 'done';
  if (/enquiry/.test(state)) return 'enquiry';
  return 'under-way';
}

const MEANING_LABELS: Record<StateMeaning, string> = {
  enquiry: 'Enquiries',
  'awaiting-payment': 'Awaiting payment',
  'under-way': 'Under way',
  disputed: 'Disputed',
  done: 'Received and completed',
  ended: 'Cancelled or expired',
};

const PROCESS_KIND: Record<ProcessName, string> = { 'multi-vendor': 'cart order', 'release-1': 'single listing' };

/**
 * The state filter: every state of both processes (from the process tables, cart orders first),
 * grouped by meaning. The API filters on one exact state, and the two processes name their states
 * apart; where two states of a group read the same, the option names its kind of order.
 */
export const STATE_FILTER_GROUPS: readonly { label: string; options: readonly { value: string; label: string }[] }[] = (() => {
  const kinds: ProcessName[] = ['multi-vendor', 'release-1'];
  const states = kinds.flatMap((kind) => PROCESSES[kind].states.filter((s) => s !== PROCESSES[kind].initial).map((state) => ({ state, kind })));
  return STATE_MEANINGS.map((meaning) => {
    const members = states.filter((s) => stateMeaning(s.state) === meaning);
    const options = members.map(({ state, kind }) => {
      const label = stateLabel(state);
      const shared = members.some((m) => m.state !== state && stateLabel(m.state) === label);
      return { value: state, label: shared ? `${label} (${PROCESS_KIND[kind]})` : label };
    });
    return { label: MEANING_LABELS[meaning], options };
  }).filter((group) => group.options.length > 0);
})();

/**
 * The wording of each transition, keyed by its name without the multi-vendor prefix and (where it
 * has no wording of its own) without the delayed-payment suffix: the button and the confirm
 * popup's question for the ones people run, the activity line for all, and the failure message
 * the popup shows. Not the process: the API says what may run; this only names it.
 */
interface TransitionWording {
  button?: string;
  confirm?: string;
  /** What happened, as the activity timeline says it. */
  activity: string;
  /** The popup's failure message (the spec's generic action error when absent). */
  failed?: string;
  /** The operator's wording where it differs (a transition the buyer and the operator both run). */
  operator?: { button: string; confirm: string };
}

const FAILED = {
  dispute: 'We couldn’t send your dispute. Please try again.',
  received: 'We couldn’t mark this order as received. Please try again.',
  delivered: 'We couldn’t mark this order as delivered. Please try again.',
};

const TRANSITION_WORDING: Record<string, TransitionWording> = {
  enquire: { activity: 'Enquiry sent' },
  'request-payment': { activity: 'Order placed' },
  'request-delayed-payment': { activity: 'Order placed on payment terms' },
  'request-payment-after-enquiry': { activity: 'Order placed after an enquiry' },
  'expire-payment': { activity: 'Payment not completed: order expired' },
  'confirm-payment': { activity: 'Payment received' },
  'operator-confirm-payment': {
    button: 'Confirm payment',
    confirm: 'Confirm that the bank transfer for this order has arrived? The order becomes purchased.',
    activity: 'Bank transfer confirmed',
  },
  'operator-cancel-payment': { button: 'Cancel payment', confirm: 'Cancel this order’s payment? The order is cancelled and its stock goes back on sale.', activity: 'Payment cancelled' },
  'mark-delivered': { button: 'Confirm as Delivered', confirm: 'Confirm you have delivered this order? The buyer is told it has arrived.', activity: 'Marked as delivered', failed: FAILED.delivered },
  'operator-mark-delivered': { button: 'Mark as delivered', confirm: 'Mark this order as delivered on the supplier’s behalf?', activity: 'Marked as delivered', failed: FAILED.delivered },
  'mark-received-from-purchased': { button: 'Confirm as Received', confirm: 'Confirm you have received this order?', activity: 'Confirmed as received', failed: FAILED.received },
  'mark-received': { button: 'Confirm as Received', confirm: 'Confirm you have received this order?', activity: 'Confirmed as received', failed: FAILED.received },
  'auto-mark-received': { activity: 'Marked as received automatically' },
  'auto-cancel': { activity: 'Cancelled automatically: not delivered in time' },
  cancel: { button: 'Cancel order', confirm: 'Cancel this order? The buyer is refunded in full and the stock goes back on sale.', activity: 'Order cancelled' },
  'buyer-cancel': { button: 'Cancel', confirm: 'Cancel this order? You are refunded in full.', activity: 'Order cancelled' },
  dispute: { button: 'Dispute', confirm: 'Tell the supplier what went wrong with this order.', activity: 'Order disputed', failed: FAILED.dispute },
  'cancel-from-disputed': { button: 'Settle: cancel and refund', confirm: 'Settle the dispute by cancelling this order and refunding the buyer?', activity: 'Dispute settled: order cancelled and refunded' },
  'supplier-cancel-from-disputed': { button: 'Cancel and refund', confirm: 'Settle the dispute by cancelling this order and refunding the buyer?', activity: 'Dispute settled: order cancelled and refunded' },
  'auto-cancel-from-disputed': { activity: 'Dispute not settled in time: order cancelled and refunded' },
  'mark-received-from-disputed': {
    button: 'Confirm as Received',
    confirm: 'Withdraw your dispute and confirm you have received this order?',
    activity: 'Dispute settled: order received',
    failed: FAILED.received,
    operator: { button: 'Settle: mark as received', confirm: 'Settle the dispute by marking this order as received? The buyer is not refunded.' },
  },
  'supplier-mark-received-from-disputed': {
    button: 'Mark as received',
    confirm: 'Settle the dispute by marking this order as received? The buyer is not refunded.',
    activity: 'Dispute settled: order received',
    failed: FAILED.received,
  },
  'auto-complete': { activity: 'Order completed' },
  'expire-review-period': { activity: 'Review period ended' },
  [PAY_NOW]: { button: 'Pay now', confirm: 'Pay this order now with the payment method below?', activity: 'Paid now' },
};

const MULTI_VENDOR_PREFIX = 'transition/multi-vendor-';

/** The transition's key in the wording table: `transition/multi-vendor-dispute` and `dispute-delayed-payment` are both `dispute`. */
export function transitionKey(transition: string): string {
  const bare = transition.startsWith(MULTI_VENDOR_PREFIX) ? transition.slice(MULTI_VENDOR_PREFIX.length) : transition;
  return bare in TRANSITION_WORDING ? bare : bare.replace(/-delayed-payment$/, '');
}

/** Button, question, activity line and failure message of a transition, as `role` (the viewer) reads them. */
export function transitionWording(transition: string, role = ''): Required<Omit<TransitionWording, 'operator'>> {
  const known = TRANSITION_WORDING[transitionKey(transition)];
  const words = transitionKey(transition).replace(/[-/]/g, ' ');
  const fallback = words.charAt(0).toUpperCase() + words.slice(1);
  const own = role === 'operator' && known?.operator ? known.operator : known;
  const button = own?.button ?? fallback;
  return { button, confirm: own?.confirm ?? `${button}?`, activity: known?.activity ?? fallback, failed: known?.failed ?? ORDER_MSG.actionFailed };
}

/** The popup asks for a dispute reason (required) before these run. */
export const needsDisputeReason = (transition: string): boolean => transitionKey(transition) === 'dispute';
/** The operator's and supplier's cancel after a dispute may refund only part of the order. */
export const offersPartialRefund = (transition: string): boolean => ['cancel-from-disputed', 'supplier-cancel-from-disputed'].includes(transitionKey(transition));
/** Cancelling and refunding reads as a danger. */
export const isCancelling = (transition: string): boolean => /cancel/.test(transitionKey(transition));

/** Who ran a step of the activity. */
export const ACTOR_LABELS: Record<string, string> = { customer: 'the buyer', provider: 'the supplier', operator: 'Caskade', system: 'Caskade, automatically' };

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  requires_payment_method: 'Payment failed',
  requires_action: 'Waiting for authentication',
  processing: 'Processing',
  awaiting_transfer: 'Waiting for bank transfer',
  succeeded: 'Paid',
  canceled: 'Cancelled',
  none: 'Nothing to pay',
  // A term order's charge on its due date.
  pending: 'Charge pending',
  paid: 'Paid',
  failed: 'Auto-charge failed',
  refunded: 'Refunded',
};

/** The supplier's payout of a completed order. */
export const PAYOUT_STATUS_LABELS: Record<string, string> = { pending: 'Payout pending', paid: 'Paid out', none: 'No payout' };

export const PAYMENT_METHOD_TYPE_LABELS: Record<string, string> = {
  card: 'Card',
  au_becs_debit: 'Direct debit (BECS)',
  bank_transfer: 'Bank transfer',
};

export const PAYMENT_TERM_LABELS: Record<string, string> = { none: 'Pay now', '30_days': '30 days', '60_days': '60 days', '90_days': '90 days' };

export const DELIVERY_METHOD_LABELS: Record<string, string> = { pickup: 'Pickup', shipping: 'Shipping' };

/** Card brands as people write them (the checkout's saved cards use the same). */
export { CARD_BRAND_LABELS };

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
  'validation.cardDeclined': 'Your card was declined. Try another card.',
};

/** Wording for a field key from these pages' calls, falling back to the shared messages. */
export const fieldMessage = (key: string): string => FIELD_MESSAGES[key] ?? messageFor(key);

export const ordersUi = {
  actionFailed: ORDER_MSG.actionFailed,
  enquiry: {
    title: 'Your enquiry',
    body: 'You asked the supplier about this order; their answer arrives in Messages. Nothing is held or charged until you pay for it.',
    pay: 'Pay for this order',
  },
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
    payNowAuthenticating: 'Your bank is asking you to confirm this payment. Follow the steps in the window that opened.',
    payNowAuthenticated: 'Confirmed with your bank. The order shows as paid once the payment clears.',
    payNowNotAuthenticated: 'Your bank did not confirm the payment. Try again, or pay with another method.',
    checkoutEnded: 'This order’s payment has already ended (it expired or was canceled), so it can’t be confirmed or canceled now. Any payment received for it is refunded. Reload to see its status.',
    orderTitle: (n: string) => `Order ${n}`,
    payWith: 'Pay with',
    addPaymentMethod: 'Add a payment method first',
    back: 'Back to the list',
    supplier: 'Supplier',
    buyer: 'Buyer',
    placed: 'Placed',
    status: 'Status',
    items: 'Items',
    /** The items table's scroller on a narrow screen (a keyboard stop that scrolls it sideways). */
    itemsScroller: 'Items table (scrolls sideways)',
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
    activityBy: (who: string) => `By ${who}`,
    you: 'you',
    actions: 'Actions',
    done: (state: string) => `Done: the order is now ${state}.`,
    confirmTitle: 'Are you sure?',
    chargePending: (date: string) => `Charge pending (due ${date})`,
    termNotCharged: 'Not charged: the order was cancelled before its due date',
    cancelUnchargedTerm: 'Cancel this order? It is on payment terms and nothing has been charged yet, so nothing is refunded and nothing will be charged.',
    partlyRefunded: 'Partly refunded',
    partlyRefundedActivity: (amount: string) => `Dispute settled: order cancelled, ${amount} refunded`,
    refunded: 'Refunded',
    payoutStatus: 'Payout',
    disputeTitle: 'Dispute',
    disputeReasonShown: 'Reason given by the buyer',
    disputeReason: 'What went wrong?',
    disputeReasonHint: 'The supplier reads this in your conversation with them. Up to 2,000 characters.',
    disputeReasonRequired: 'Tell the supplier what went wrong.',
    refundChoice: 'Refund to the buyer',
    fullRefund: (amount: string) => `Full refund (${amount})`,
    partialRefund: 'Partial refund',
    refundAmount: 'Amount to refund (AUD, incl. GST)',
    refundAmountHint: (max: string) => `In dollars and cents, up to ${max}.`,
    refundAmountInvalid: 'Enter an amount in dollars, like 25.50.',
    refundAmountTooHigh: (max: string) => `Enter an amount up to ${max}.`,
  },
  operator: {
    title: 'Orders',
    intro: 'Find any order and open it: confirm or cancel a bank-transfer payment, mark it delivered, or settle a dispute.',
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
    cardDetails: 'Card details',
    bankAccount: 'BSB and account number',
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

/** A saved payment method as the buyer reads it: "Visa ending in 4242", "Bank account 000-000 ••• 3456". */
export function methodName(method: PaymentMethodView): string {
  const t = ordersUi.paymentMethods;
  if (method.type === 'au_becs_debit') return t.becs(method.bsb, method.last4);
  return t.endingIn(CARD_BRAND_LABELS[method.brand] ?? CARD_BRAND_LABELS.unknown ?? '', method.last4);
}
