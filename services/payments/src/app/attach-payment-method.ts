import { AppError, invalidParams, withTransaction, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { PAYMENT_MSG, validPaymentMethodId } from '../domain';
import { deleteMethod, findMethod, insertMethod, listMethods, lockUserMethods, setDefault } from '../db/payment-methods';
import { writerId } from './access';
import { ensureCustomer } from './customers';
import type { PaymentsDeps } from './deps';
import { toPaymentMethod } from './views';

/**
 * Saves a payment method for the caller: the first saved becomes the default; with
 * replaces_payment_method_id the new one takes the replaced one's place (and its default).
 * Attaching a method the caller already saved answers it unchanged; another user's is refused.
 */
export async function attachPaymentMethod(deps: PaymentsDeps, ctx: CallContext, req: payments.AttachPaymentMethodRequest): Promise<payments.AttachPaymentMethodResponse> {
  const userId = writerId(ctx);
  if (!validPaymentMethodId(req.paymentMethodId)) throw invalidParams({ paymentMethodId: req.paymentMethodId ? PAYMENT_MSG.paymentMethodUnknown : PAYMENT_MSG.paymentMethodRequired });
  const replaces = req.replacesPaymentMethodId;
  if (replaces) {
    const old = await findMethod(deps.db, replaces);
    if (!old || old.user_id !== userId) throw new AppError('not-found', { fields: { replacesPaymentMethodId: 'not-found' } });
  }
  const saved = await findMethod(deps.db, req.paymentMethodId);
  if (saved && saved.user_id !== userId) throw new AppError('forbidden', { fields: { paymentMethodId: 'forbidden' } });
  if (saved && !replaces) return { method: toPaymentMethod(saved, deps.now()) };

  const customerId = await ensureCustomer(deps, userId);
  const details = saved ? null : await deps.provider.attachPaymentMethod({ customerId, paymentMethodId: req.paymentMethodId, setupIntentId: req.setupIntentId });
  const methodId = details?.id ?? req.paymentMethodId;
  let detachOld = false;
  const row = await withTransaction(deps.db, async (trx) => {
    await lockUserMethods(trx, userId);
    const mine = await listMethods(trx, userId);
    const replaced = replaces ? mine.find((m) => m.id === replaces) : undefined;
    if (details) {
      const inserted = await insertMethod(trx, {
        id: details.id, user_id: userId, type: details.type, brand: details.brand, last4: details.last4,
        exp_month: details.expMonth, exp_year: details.expYear, bsb: details.bsb, is_default: false,
      });
      const now = await findMethod(trx, details.id);
      if (!inserted && now?.user_id !== userId) throw new AppError('forbidden', { fields: { paymentMethodId: 'forbidden' } });
    }
    const others = mine.filter((m) => m.id !== methodId && m.id !== replaces);
    const makeDefault = replaced?.is_default === true || !others.some((m) => m.is_default);
    if (replaced && replaced.id !== methodId) {
      await deleteMethod(trx, userId, replaced.id);
      detachOld = true;
    }
    if (makeDefault) await setDefault(trx, userId, methodId);
    const out = await findMethod(trx, methodId);
    if (!out) throw new Error(`payment method ${methodId} was not saved`);
    return out;
  });
  if (detachOld && replaces) {
    await deps.provider.detachPaymentMethod(replaces).catch((err: unknown) => deps.logger.warn({ err, paymentMethodId: replaces }, 'could not detach a replaced payment method at the provider'));
  }
  return { method: toPaymentMethod(row, deps.now()) };
}
