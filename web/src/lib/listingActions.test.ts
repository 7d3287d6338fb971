import { describe, expect, test } from '@jest/globals';
import { allowedTransitions, LISTING_TRANSITIONS, type ListingActor, type ListingTransition, type StoredState } from '@caskade/catalog/domain';
import { listingActions } from './listingActions';

const STATES: StoredState[] = ['draft', 'pendingApproval', 'published', 'closed', 'deleted'];
const ACTORS: ListingActor[] = ['owner', 'operator', 'other', 'anonymous'];
const tableAllows = (state: StoredState, actor: ListingActor, t: ListingTransition) =>
  LISTING_TRANSITIONS.some((r) => r.transition === t && r.actor === actor && r.from.includes(state));

describe('listing action buttons come from the process table, for every state × actor', () => {
  for (const state of STATES) {
    for (const actor of ACTORS) {
      test(`${state} × ${actor}`, () => {
        const actions = listingActions(allowedTransitions(state, actor));
        // Removing is offered exactly when the table lets this actor end the listing: directly, or by closing it first.
        const removable = tableAllows(state, actor, 'discard') || tableAllows(state, actor, 'delete') || (tableAllows(state, actor, 'close') && tableAllows('closed', actor, 'delete'));
        expect(actions).toEqual({
          close: tableAllows(state, actor, 'close'),
          open: tableAllows(state, actor, 'open'),
          publish: tableAllows(state, actor, 'publish'),
          approve: tableAllows(state, actor, 'approve'),
          reject: tableAllows(state, actor, 'reject'),
          remove: actions.remove,
        });
        expect(actions.remove !== null).toBe(removable);
      });
    }
  }

  test('the owner can withdraw a listing awaiting approval (the drift that the web once had)', () => {
    expect(listingActions(allowedTransitions('pendingApproval', 'owner')).remove).toBe('discard');
    expect(listingActions(allowedTransitions('published', 'owner')).remove).toBe('close-then-delete');
    expect(listingActions(allowedTransitions('published', 'other'))).toEqual({ close: false, open: false, publish: false, approve: false, reject: false, remove: null });
    expect(listingActions(allowedTransitions('pendingApproval', 'operator'))).toMatchObject({ approve: true, reject: true, remove: null });
  });
});
