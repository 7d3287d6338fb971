import { AppError, invalidParams, withTransaction } from '@caskade/kit';
import { moveOrder, type OrderRow } from '../db/orders';
import { cancelTimer } from '../db/timers';
import { allowsPartialRefund, DISPUTE_REASON_MAX, needsDisputeReason, transitionEffect } from '../domain/after-purchase';
import { ORDER_MSG } from '../domain/messages';
import type { Actor, TransitionDef } from '../domain/processes';
import { termChargeDropped } from '../domain/terms';
import { TERM_CHARGE } from './complete-checkout';
import type { OrdersDeps } from './deps';
import { orderTransitioned, paymentIdOf } from './order-events';
import { armTimers, disarmTimers } from './order-timers';

export interface RunTransition {
  def: TransitionDef;
  actor: Actor;
  actorId: string;
  params?: Record<string, unknown>;
}

interface Decided {
  reason?: string;
  refundCents?: number;
}

/** What the transition's parameters say, checked against the order (a dispute's reason, a settlement's refund). */
function decide(order: OrderRow, run: RunTransition): Decided {
  const params = run.params ?? {};
  const effect = transitionEffect(run.def);
  if (needsDisputeReason(run.def)) {
    const raw = params['disputeReason'];
    const reason = typeof raw === 'string' ? raw.trim() : '';
    if (!reason) throw invalidParams({ disputeReason: 'validation.required' });
    if (reason.length > DISPUTE_REASON_MAX) throw invalidParams({ disputeReason: 'validation.tooLong' });
    return { reason };
  }
  if (effect !== 'cancel') return {};
  // What the buyer paid for this order (nothing yet for a term order not charged).
  const paid = paymentIdOf(order) ? order.payin_total_cents : 0;
  const asked = params['refundCents'];
  if (asked === undefined || asked === null) return { refundCents: paid };
  if (!allowsPartialRefund(run.def, run.actor)) throw invalidParams({ refundCents: 'validation.invalidValue' });
  if (typeof asked !== 'number' || !Number.isSafeInteger(asked) || asked < 1 || asked > paid) throw invalidParams({ refundCents: 'validation.invalidValue' });
  return { refundCents: asked };
}

/** A settlement that refunds only part: the supplier is paid what the refund leaves (payments does the sum). */
const partlyRefunded = (order: OrderRow, d: Decided): boolean => (d.refundCents ?? 0) > 0 && (d.refundCents ?? 0) < order.payin_total_cents;

/**
 * Run one transition of an order after purchase: one conditional update (a racing transition finds
 * the version moved and answers 'A pending transit already in progress'), the activity, the
 * timers of the new state and the event — one transaction. What the transition causes elsewhere
 * (restock, refund, payout, emails) follows from the event (docs/decisions/044).
 */
export async function runTransition(deps: OrdersDeps, order: OrderRow, run: RunTransition): Promise<OrderRow> {
  const decided = decide(order, run);
  const effect = transitionEffect(run.def);
  const now = deps.now();
  const moved = await withTransaction(deps.db, async (trx) => {
    const row = await moveOrder(trx, order, {
      transition: run.def.name, actor: run.actor, actorId: run.actorId, to: run.def.to, now, note: decided.reason ?? '',
      ...(decided.reason !== undefined ? { disputeReason: decided.reason } : {}),
      ...(effect === 'cancel' ? { refundCents: decided.refundCents ?? 0, payoutStatus: partlyRefunded(order, decided) ? 'paid' : 'none' } : {}),
      // A term order canceled before its charge: its due date is dropped, and it says so (not "charge pending").
      ...(effect === 'cancel' && termChargeDropped({ paymentTerm: order.payment_term, paymentStatus: order.payment_status }) ? { paymentStatus: 'canceled' } : {}),
      ...(effect === 'complete' ? { payoutStatus: 'paid' } : {}),
    });
    if (!row) return null;
    await disarmTimers(trx, order, order.state, now);
    await armTimers(trx, row, order.state, now, deps.timerDurations);
    // A canceled term order is never charged.
    if (effect === 'cancel' && row.payment_term !== 'none') await cancelTimer(trx, TERM_CHARGE, row.id, now);
    await orderTransitioned(trx, row, order.state, run.actor, { actorId: run.actorId, ...decided });
    return row;
  }, 5);
  if (!moved) throw new AppError('transaction-invalid-transition', { reason: ORDER_MSG.pendingTransit, transition: run.def.name });
  deps.eventsWritten();
  deps.timersChanged();
  return moved;
}
