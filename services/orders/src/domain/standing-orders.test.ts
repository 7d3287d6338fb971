import { afterWeeks, applyChange, mayRepeatOrder, NOTICE_LEAD_MS, noticeAt, standingOrderChange, standingOrderInput, STANDING_ORDER_MSG } from './standing-orders';

const now = new Date('2026-12-01T00:00:00Z');
const weeks = (n: number) => afterWeeks(now, n);

describe('standing order input', () => {
  it.each([0, 9, 1.5, '2'])('interval %j is refused', (intervalWeeks) => {
    const out = standingOrderInput.safeParse({ orderId: '0b6c3c36-35a4-4c4e-9a55-3c0f2b6d8a11', intervalWeeks, paymentMethodId: 'pm_1' });
    expect(out.success ? [] : out.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['intervalWeeks', STANDING_ORDER_MSG.intervalInvalid]]);
  });

  it('takes 1 to 8 weeks and a saved method', () => {
    expect(standingOrderInput.parse({ orderId: '0b6c3c36-35a4-4c4e-9a55-3c0f2b6d8a11', intervalWeeks: 8, paymentMethodId: ' pm_1 ' }).paymentMethodId).toBe('pm_1');
    const none = standingOrderInput.safeParse({ orderId: '0b6c3c36-35a4-4c4e-9a55-3c0f2b6d8a11', intervalWeeks: 1, paymentMethodId: '' });
    expect(none.success ? [] : none.error.issues.map((i) => i.message)).toEqual([STANDING_ORDER_MSG.paymentMethodRequired]);
  });

  it('a change must change something', () => {
    expect(standingOrderChange.safeParse({}).success).toBe(false);
    expect(standingOrderChange.safeParse({ skipNext: false }).success).toBe(false);
    expect(standingOrderChange.parse({ paused: false })).toEqual({ paused: false });
  });
});

describe('the schedule', () => {
  const base = { intervalWeeks: 4, paused: false, nextRunAt: weeks(3) };
  it.each([
    ['skip moves the next run one interval on', { skipNext: true as const }, { intervalWeeks: 4, paused: false, nextRunAt: weeks(7) }],
    ['a shorter interval brings a far run closer', { intervalWeeks: 1 }, { intervalWeeks: 1, paused: false, nextRunAt: weeks(1) }],
    ['a longer interval keeps the planned run', { intervalWeeks: 8 }, { intervalWeeks: 8, paused: false, nextRunAt: weeks(3) }],
    ['pausing keeps the date', { paused: true }, { intervalWeeks: 4, paused: true, nextRunAt: weeks(3) }],
  ] as const)('%s', (_label, change, after) => {
    expect(applyChange(base, change, now)).toEqual(after);
  });

  it('resuming after the planned run passed plans one interval from now', () => {
    expect(applyChange({ intervalWeeks: 2, paused: true, nextRunAt: weeks(-1) }, { paused: false }, now)).toEqual({ intervalWeeks: 2, paused: false, nextRunAt: weeks(2) });
  });

  it('the notice goes two days before the run', () => {
    expect(weeks(1).getTime() - noticeAt(weeks(1)).getTime()).toBe(NOTICE_LEAD_MS);
  });
});

describe('which orders may be repeated', () => {
  it.each(['purchased', 'purchased-delayed-payment', 'purchased-multi-vendor', 'delivered', 'received', 'completed', 'disputed', 'canceled'])('a placed order (%s)', (state) => {
    expect(mayRepeatOrder(state)).toBe(true);
  });
  it.each(['initial', 'enquiry', 'pending-payment', 'payment-expired', 'canceled-payment', 'no-such-state'])('not one never placed (%s)', (state) => {
    expect(mayRepeatOrder(state)).toBe(false);
  });
});
