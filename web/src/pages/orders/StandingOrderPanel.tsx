/**
 * "Repeat this order" on the order page (the order's buyer, once the order was placed — the orders
 * domain's `mayRepeatOrder`): how often and which saved method pays, then POST /api/standing-orders.
 * The buyer manages it under Account settings → Standing orders.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { mayRepeatOrder } from '@caskade/orders/domain';
import { isApiError } from '../../api/client';
import type { OrderView } from '../../api/orders';
import { usePaymentMethods } from '../../api/paymentMethods';
import { useCreateStandingOrder, useStandingOrders } from '../../api/standingOrders';
import { pathTo } from '../../app/routes';
import { FormMessage, SelectField } from '../../components/Field';
import { methodName } from '../../i18n/ordersMessages';
import { standingOrderMessage, standingOrdersUi } from '../../i18n/standingOrdersMessages';

const t = standingOrdersUi.panel;

export function StandingOrderPanel({ order }: { order: OrderView }) {
  const repeatable = order.viewerRole === 'customer' && order.lines.length > 0 && mayRepeatOrder(order.state);
  const methods = usePaymentMethods();
  const standing = useStandingOrders(repeatable);
  const create = useCreateStandingOrder();
  const [interval, setWeeks] = useState('4');
  const [method, setMethod] = useState('');
  if (!repeatable || !methods.data || !standing.data) return null;
  // An order repeats under one standing order at most: once it does, say so and link to it.
  const existing = standing.data.find((s) => s.sourceOrderId === order.id);
  const usable = methods.data.filter((m) => !m.expired);
  const chosen = method || usable.find((m) => m.isDefault)?.id || usable[0]?.id || '';
  const fieldErrors = isApiError(create.error) ? create.error.fields : {};
  const failure = create.isError && Object.keys(fieldErrors).length === 0 ? standingOrderMessage(isApiError(create.error) ? create.error.code : 'transaction-action-failed') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ orderId: order.id, intervalWeeks: Number(interval), paymentMethodId: chosen });
  };

  return (
    <section aria-labelledby="repeat-order-title" className="card mt-6 p-5" data-testid="standing-order-panel">
      <h2 id="repeat-order-title" className="text-lg font-semibold text-stone-900">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t.intro}</p>
      {existing && !create.isSuccess ? (
        <p className="mt-4 text-sm text-stone-700">
          {t.repeats(existing.intervalWeeks)}{' '}
          <Link to={pathTo('StandingOrdersPage')} className="font-semibold underline">
            {t.manage}
          </Link>
        </p>
      ) : usable.length === 0 ? (
        <p className="mt-4 text-sm text-stone-700">
          {t.noMethods}{' '}
          <Link to={pathTo('PaymentMethodsPage')} className="font-semibold underline">
            {t.paymentMethodsLink}
          </Link>
        </p>
      ) : create.isSuccess ? (
        <FormMessage tone="success">
          {t.created}{' '}
          <Link to={pathTo('StandingOrdersPage')} className="font-semibold underline">
            {t.manage}
          </Link>
        </FormMessage>
      ) : (
        <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <SelectField name="intervalWeeks" label={t.interval} value={interval} onChange={setWeeks} options={standingOrdersUi.intervalOptions} error={fieldErrors.intervalWeeks} wording={standingOrderMessage} />
          <SelectField name="paymentMethodId" label={t.payWith} value={chosen} onChange={setMethod} options={usable.map((m) => ({ value: m.id, label: methodName(m) }))} error={fieldErrors.paymentMethodId} wording={standingOrderMessage} />
          <div className="sm:col-span-2">
            {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
            {fieldErrors.orderId ? <FormMessage tone="error">{standingOrderMessage(fieldErrors.orderId)}</FormMessage> : null}
            <button type="submit" className="btn-primary mt-2" disabled={create.isPending}>
              {create.isPending ? t.saving : t.submit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
