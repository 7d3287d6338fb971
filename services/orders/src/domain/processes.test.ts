import { ACTORS, allowedTransitions, MULTI_VENDOR_PROCESS, PROCESS_STEPS, PROCESSES, STANDARD_PROCESS, timersFrom, transitionFor, type ProcessName } from './processes';
import { ORDER_NUMBER_PATTERN, orderNumberFrom, termDueDate } from './terms';

describe('the processes as data', () => {
  it.each(Object.values(PROCESSES))('$name: every transition goes between known states; final states lead nowhere but the review expiry', (p) => {
    for (const tr of p.transitions) {
      expect(p.states).toContain(tr.from);
      expect(p.states).toContain(tr.to);
      expect(tr.actors.length).toBeGreaterThan(0);
      if (tr.timer) expect(tr.actors).toEqual(['system']);
    }
    for (const state of p.final) {
      const out = p.transitions.filter((tr) => tr.from === state && !tr.name.endsWith('expire-review-period'));
      expect(out).toEqual([]);
    }
    // Every state but the initial one is reachable.
    const reached = new Set([p.initial]);
    for (let changed = true; changed; ) {
      changed = false;
      for (const tr of p.transitions) {
        if (reached.has(tr.from) && !reached.has(tr.to)) {
          reached.add(tr.to);
          changed = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...p.states].sort());
  });

  it('multi-vendor transition names carry the transition/multi-vendor- prefix', () => {
    for (const tr of MULTI_VENDOR_PROCESS.transitions) expect(tr.name.startsWith('transition/multi-vendor-')).toBe(true);
  });

  it('walks every state × actor: allowedTransitions is exactly what transitionFor permits', () => {
    for (const p of Object.values(PROCESSES)) {
      for (const state of p.states) {
        for (const actor of ACTORS) {
          const allowed = allowedTransitions(p.name, state, actor);
          const names = new Set(p.transitions.map((tr) => tr.name));
          for (const name of names) expect(transitionFor(p.name, state, name, actor) !== null).toBe(allowed.includes(name));
        }
      }
    }
  });

  it('reads the spec: who runs what from pending payment and purchased', () => {
    expect(allowedTransitions('release-1', 'pending-payment', 'operator').sort()).toEqual(['operator-cancel-payment', 'operator-confirm-payment']);
    expect(allowedTransitions('release-1', 'pending-payment', 'customer')).toEqual([]);
    expect(allowedTransitions('release-1', 'purchased', 'customer').sort()).toEqual(['buyer-cancel', 'mark-received-from-purchased']);
    expect(allowedTransitions('release-1', 'purchased', 'provider')).toEqual(['mark-delivered']);
    expect(allowedTransitions('multi-vendor', 'purchased-multi-vendor', 'operator').sort()).toEqual(['transition/multi-vendor-cancel', 'transition/multi-vendor-operator-mark-delivered']);
    expect(transitionFor('release-1', 'pending-payment', 'confirm-payment', 'customer')).toBeNull();
    expect(transitionFor('release-1', 'pending-payment', 'confirm-payment', 'system')?.to).toBe('purchased');
  });

  it('the saga steps exist in their processes', () => {
    for (const [name, steps] of Object.entries(PROCESS_STEPS) as [ProcessName, (typeof PROCESS_STEPS)[ProcessName]][]) {
      const names = PROCESSES[name].transitions.map((tr) => tr.name);
      for (const step of Object.values(steps)) if (step) expect(names).toContain(step);
    }
    expect(PROCESS_STEPS['multi-vendor'].requestDelayedPayment).toBeNull();
  });

  it('pending payment arms the expiry timer', () => {
    expect(timersFrom('release-1', 'pending-payment').map((tr) => tr.name)).toEqual(['expire-payment']);
    expect(timersFrom('multi-vendor', 'pending-payment-multi-vendor').map((tr) => tr.timer)).toEqual(['expirePayment']);
    expect(STANDARD_PROCESS.transitions.filter((tr) => tr.timer).length).toBe(9);
  });
});

describe('terms and order numbers', () => {
  it('orders numbers read aloud: CK-XXXX-XXXX without confusable characters', () => {
    const n = orderNumberFrom([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(n).toMatch(ORDER_NUMBER_PATTERN);
    expect(n).toBe('CK-3467-9ACD');
  });
  it('a 30-day term is due 30 days after the order', () => {
    expect(termDueDate(new Date('2026-01-01T00:00:00Z'), '30_days').toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });
});
