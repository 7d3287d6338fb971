import { PROCESSES } from '@caskade/orders/domain';
import { ORDER_TRANSITION_EMAIL_KINDS } from './templates';
import { orderEmailsFor } from './order-emails';

/** A state without its process's branch suffix: received-delayed-payment and received-multi-vendor are both `received`. */
const base = (state: string) => state.replace(/-(delayed-payment|multi-vendor)$/, '');

const CANCEL_BOTH = [{ kind: 'orderCancelled', to: 'customer' }, { kind: 'orderCancelled', to: 'provider' }];
/** What each move of the processes sends, by `from→to` of the base states (and `:actor` where the actor decides). */
const EXPECTED: Record<string, { kind: string; to: string }[]> = {
  'initial→enquiry': [],
  'initial→pending-payment': [],
  'enquiry→pending-payment': [],
  'initial→purchased': [{ kind: 'newOrder', to: 'provider' }],
  'pending-payment→purchased': [{ kind: 'newOrder', to: 'provider' }],
  'pending-payment→payment-expired': [],
  'pending-payment→canceled-payment': [{ kind: 'orderCancelled', to: 'customer' }],
  'pending-payment→canceled': [{ kind: 'orderCancelled', to: 'customer' }],
  'purchased→delivered': [{ kind: 'orderDelivered', to: 'customer' }],
  'purchased→received': [{ kind: 'orderReceived', to: 'provider' }],
  'purchased→canceled': CANCEL_BOTH,
  'delivered→received': [{ kind: 'orderReceived', to: 'provider' }],
  'delivered→disputed': [{ kind: 'orderDisputed', to: 'provider' }],
  'disputed→received': [{ kind: 'orderReceivedFromDisputed', to: 'customer' }],
  'disputed→canceled:system': [{ kind: 'autoCancelOrderFromDisputed', to: 'customer' }, { kind: 'autoCancelOrderFromDisputed', to: 'provider' }],
  'disputed→canceled:operator': CANCEL_BOTH,
  'disputed→canceled:provider': CANCEL_BOTH,
  'received→completed': [],
  'completed→completed': [],
};

const moves = Object.values(PROCESSES).flatMap((process) =>
  process.transitions.flatMap((t) => t.actors.map((actor) => ({ process: process.name, name: t.name, fromState: t.from, toState: t.to, actor }))),
);

describe('order emails: the kind and recipients of every move of both processes', () => {
  it.each(moves)('$process $name by $actor ($fromState → $toState)', (move) => {
    const key = `${base(move.fromState)}→${base(move.toState)}`;
    const expected = EXPECTED[`${key}:${move.actor}`] ?? EXPECTED[key];
    expect(expected).not.toBeUndefined();
    expect(orderEmailsFor(move)).toEqual(expected);
  });

  it('sends every order email kind from some move', () => {
    const sent = new Set(moves.flatMap((m) => orderEmailsFor(m).map((e) => e.kind)));
    expect([...sent].sort()).toEqual([...ORDER_TRANSITION_EMAIL_KINDS].sort());
  });

  it('sends nothing for a state it does not know', () => {
    expect(orderEmailsFor({ fromState: 'purchased', toState: 'somewhere-else', actor: 'system' })).toEqual([]);
  });
});
