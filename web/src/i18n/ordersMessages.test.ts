import { describe, expect, it } from '@jest/globals';
import { ORDER_MSG, PAY_NOW, PROCESSES } from '@caskade/orders/domain';
import { isCancelling, needsDisputeReason, offersPartialRefund, ORDER_STATE_LABELS, STATE_FILTER_GROUPS, stateMeaning, transitionKey, transitionWording } from './ordersMessages';

const processes = Object.values(PROCESSES);
const allTransitions = processes.flatMap((p) => p.transitions);

describe('order wording', () => {
  it('names every state of both processes', () => {
    const states = processes.flatMap((p) => p.states);
    expect(states.filter((s) => !(s in ORDER_STATE_LABELS))).toEqual([]);
  });

  it('offers every state but the initial one in the filter, once, grouped by meaning, with labels that tell them apart', () => {
    const offered = STATE_FILTER_GROUPS.flatMap((g) => g.options.map((o) => o.value));
    const expected = [...new Set(processes.flatMap((p) => p.states.filter((s) => s !== p.initial)))];
    expect([...offered].sort()).toEqual([...expected].sort());
    expect(new Set(offered).size).toBe(offered.length);
    expect(STATE_FILTER_GROUPS.map((g) => g.label)).toEqual(['Enquiries', 'Awaiting payment', 'Under way', 'Disputed', 'Received and completed', 'Cancelled or expired']);
    for (const group of STATE_FILTER_GROUPS) expect(new Set(group.options.map((o) => o.label)).size).toBe(group.options.length);
    const awaiting = STATE_FILTER_GROUPS.find((g) => g.label === 'Awaiting payment');
    expect(awaiting?.options).toEqual([
      { value: 'pending-payment-multi-vendor', label: 'Awaiting payment (cart order)' },
      { value: 'pending-payment', label: 'Awaiting payment (single listing)' },
    ]);
  });

  it.each([
    ['payment-expired-multi-vendor', 'ended'],
    ['canceled-payment', 'ended'],
    ['canceled-delayed-payment', 'ended'],
    ['pending-payment', 'awaiting-payment'],
    ['purchased-delayed-payment', 'under-way'],
    ['delivered-multi-vendor', 'under-way'],
    ['disputed-delayed-payment', 'disputed'],
    ['received-delayed-payment', 'done'],
    ['completed-multi-vendor', 'done'],
    ['enquiry', 'enquiry'],
  ])('reads %s as %s', (state, meaning) => {
    expect(stateMeaning(state)).toBe(meaning);
  });

  /** The spec's action buttons (product-spec §4), by the transition's key. */
  const BUTTONS: Record<string, string> = {
    'operator-confirm-payment': 'Confirm payment',
    'operator-cancel-payment': 'Cancel payment',
    'mark-delivered': 'Confirm as Delivered',
    'operator-mark-delivered': 'Mark as delivered',
    'mark-received-from-purchased': 'Confirm as Received',
    'mark-received': 'Confirm as Received',
    cancel: 'Cancel order',
    'buyer-cancel': 'Cancel',
    dispute: 'Dispute',
    'cancel-from-disputed': 'Settle: cancel and refund',
    'supplier-cancel-from-disputed': 'Cancel and refund',
    'mark-received-from-disputed': 'Confirm as Received',
    'supplier-mark-received-from-disputed': 'Mark as received',
    enquire: 'Enquire',
    'request-payment': 'Request payment',
    'request-delayed-payment': 'Request delayed payment',
    'request-payment-after-enquiry': 'Request payment after enquiry',
  };

  it('words the button of every transition a person runs, in either process', () => {
    const runnable = allTransitions.filter((tr) => !tr.actors.includes('system'));
    for (const tr of runnable) expect([tr.name, transitionWording(tr.name).button]).toEqual([tr.name, BUTTONS[transitionKey(tr.name)]]);
    expect(transitionWording(PAY_NOW).button).toBe('Pay now');
    expect(transitionWording('transition/multi-vendor-mark-received-from-disputed', 'operator').button).toBe('Settle: mark as received');
  });

  it('words the activity of every transition, system ones too', () => {
    for (const tr of allTransitions) {
      const { activity } = transitionWording(tr.name);
      expect([tr.name, activity.length > 5, /-/.test(activity)]).toEqual([tr.name, true, false]);
    }
    expect(transitionWording('transition/multi-vendor-request-payment').activity).toBe('Order placed');
    expect(transitionWording('auto-cancel-from-disputed-delayed-payment').activity).toBe('Dispute not settled in time: order cancelled and refunded');
  });

  it('asks a dispute for its reason and offers a partial refund only on the operator’s and supplier’s cancel after a dispute', () => {
    const disputes = allTransitions.filter((tr) => needsDisputeReason(tr.name)).map((tr) => tr.name);
    expect(disputes.sort()).toEqual(['dispute', 'dispute-delayed-payment', 'transition/multi-vendor-dispute']);
    const refunds = allTransitions.filter((tr) => offersPartialRefund(tr.name));
    expect(refunds.every((tr) => tr.from.startsWith('disputed') && !tr.actors.includes('customer') && !tr.actors.includes('system'))).toBe(true);
    expect(refunds.map((tr) => tr.name).sort()).toEqual([
      'cancel-from-disputed', 'cancel-from-disputed-delayed-payment', 'supplier-cancel-from-disputed', 'supplier-cancel-from-disputed-delayed-payment',
      'transition/multi-vendor-cancel-from-disputed', 'transition/multi-vendor-supplier-cancel-from-disputed',
    ]);
    expect([isCancelling('transition/multi-vendor-buyer-cancel'), isCancelling('transition/multi-vendor-dispute')]).toEqual([true, false]);
  });

  it('says the spec’s failure messages: dispute, mark received and mark delivered have their own, the rest the generic one', () => {
    const failed = (name: string) => transitionWording(name).failed;
    expect(failed('transition/multi-vendor-dispute')).toBe('We couldn’t send your dispute. Please try again.');
    expect(failed('mark-received-delayed-payment')).toBe('We couldn’t mark this order as received. Please try again.');
    expect(failed('transition/multi-vendor-mark-delivered')).toBe('We couldn’t mark this order as delivered. Please try again.');
    expect(failed('operator-confirm-payment')).toBe(ORDER_MSG.actionFailed);
  });
});
