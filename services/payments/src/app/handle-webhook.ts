import { AppError, withTransaction } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { allowed } from '../domain';
import { lockPayment } from '../db/payments';
import type { PaymentsDeps } from './deps';
import { resultChange } from './charge';
import { changeStatus } from './status-change';

/**
 * The provider's webhook: verified first (a bad signature or a stale timestamp writes nothing and
 * answers validation-invalid-params), then each event id handled once, in the transaction that
 * records it. payment_intent.* events move the payment as the intent says, when the table allows it;
 * an event for a payment this service has not committed yet fails, so the provider sends it again.
 */
export async function handleWebhook(deps: PaymentsDeps, req: payments.HandleWebhookRequest): Promise<payments.HandleWebhookResponse> {
  const event = deps.provider.verifyWebhook(Buffer.from(req.payload), req.signature);
  let changed = false;
  const handled = await withTransaction(deps.db, async (trx) => {
    const recorded = await trx.insertInto('processed_webhooks').values({ event_id: event.id, type: event.type }).onConflict((oc) => oc.column('event_id').doNothing()).returning('event_id').executeTakeFirst();
    if (!recorded) return false;
    const update = event.payment;
    if (!update || !update.paymentId) return true;
    const locked = await lockPayment(trx, update.paymentId);
    if (!locked) throw new AppError('not-found', { paymentId: update.paymentId });
    const { result } = update;
    // An event of an earlier attempt (another intent) no longer speaks for the payment.
    if (locked.provider_ref !== result.providerRef || locked.status === result.status || !allowed(locked.status, result.status)) {
      deps.logger.info({ eventId: event.id, type: event.type, paymentId: locked.id, status: locked.status, intentStatus: result.status }, 'webhook changes nothing');
      return true;
    }
    await changeStatus(deps, trx, locked, result.status, undefined, resultChange(result));
    changed = true;
    return true;
  });
  if (changed) {
    deps.eventsWritten();
    deps.wake.transfers();
  }
  return { handled };
}
