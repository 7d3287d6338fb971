/** en-AU wording of standing orders: the order page's "Repeat this order" panel and /account/standing-orders. */
import { STANDING_ORDER_MAX_WEEKS, STANDING_ORDER_MIN_WEEKS, STANDING_ORDER_MSG } from '@caskade/orders/domain';
import { buyingMessage } from './buyingMessages';

const FIELD_MESSAGES: Record<string, string> = {
  [STANDING_ORDER_MSG.intervalInvalid]: `Choose every ${STANDING_ORDER_MIN_WEEKS} to ${STANDING_ORDER_MAX_WEEKS} weeks.`,
  [STANDING_ORDER_MSG.paymentMethodRequired]: 'Choose one of your saved payment methods.',
  [STANDING_ORDER_MSG.orderNotPlaced]: 'Only an order that was placed can be repeated.',
  [STANDING_ORDER_MSG.alreadyRepeated]: 'This order already repeats under a standing order.',
};

/** A standing order's field key or error code in words. */
export const standingOrderMessage = (key: string): string => FIELD_MESSAGES[key] ?? buyingMessage(key);

const weeks = (n: number) => (n === 1 ? 'every week' : `every ${n} weeks`);

/** What the last run did (the API's lastResult: '', ordered, pending, payment_failed or an error code). */
export function lastResultText(result: string): string {
  switch (result) {
    case '':
      return 'Not run yet.';
    case 'ordered':
      return 'Ordered and paid.';
    case 'pending':
      return 'Ordered; the payment is waiting for you to confirm it.';
    case 'payment_failed':
      return 'Not ordered: the payment failed. Check your payment method.';
    default:
      return `Not ordered: ${standingOrderMessage(result)}`;
  }
}

export const standingOrdersUi = {
  intervalOptions: Array.from({ length: STANDING_ORDER_MAX_WEEKS - STANDING_ORDER_MIN_WEEKS + 1 }, (_, i) => {
    const n = STANDING_ORDER_MIN_WEEKS + i;
    return { value: String(n), label: n === 1 ? 'Every week' : `Every ${n} weeks` };
  }),
  every: weeks,
  pageTitle: 'Standing orders',
  confirmPayment: 'Confirm the payment',
  viewOrder: 'View the order',
  panel: {
    title: 'Repeat this order',
    intro: 'Caskade places this order again on a schedule, at the day’s prices, to your default delivery address, and tells you two days before each run.',
    interval: 'How often',
    payWith: 'Pay with',
    noMethods: 'Save a card or bank account under Payment methods first.',
    paymentMethodsLink: 'Payment methods',
    submit: 'Set up standing order',
    saving: 'Setting up…',
    created: 'Standing order set up.',
    repeats: (n: number) => `This order repeats ${weeks(n)}.`,
    manage: 'Manage standing orders',
  },
  page: {
    empty: 'You have no standing orders. Open one of your orders and choose “Repeat this order”.',
    loadFailed: 'We couldn’t load your standing orders.',
    retry: 'Try again',
    from: (supplier: string) => `From ${supplier}`,
    nextRun: 'Next order',
    notice: 'We tell you on',
    paused: 'Paused',
    lastRun: 'Last run',
    sourceOrder: 'Repeats order',
    interval: 'How often',
    payWith: 'Pay with',
    save: 'Save changes',
    pause: 'Pause',
    resume: 'Resume',
    skip: 'Skip the next order',
    end: 'End standing order',
    endTitle: 'End this standing order?',
    endBody: 'No more orders will be placed. Orders it already placed stay as they are.',
    ended: 'Standing order ended.',
    changed: 'Saved.',
    unknownMethod: 'A payment method no longer saved',
  },
};
