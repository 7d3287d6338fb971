/**
 * /account/standing-orders (the buyer's; ADR 049): each standing order with its supplier and lines,
 * how often it runs, the next order and when the buyer is told, what the last run did, and the
 * changes the API takes — the interval, the payment method, pause or resume, skip the next order,
 * end it (after a confirmation).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../api/client';
import { usePaymentMethods, type PaymentMethodView } from '../../api/paymentMethods';
import { useChangeStandingOrder, useEndStandingOrder, useStandingOrders, type StandingOrderView } from '../../api/standingOrders';
import { pathTo } from '../../app/routes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormMessage, SelectField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatDate, formatMoney } from '../../i18n/format';
import { methodName } from '../../i18n/ordersMessages';
import { lastResultText, standingOrderMessage, standingOrdersUi } from '../../i18n/standingOrdersMessages';
import { AccountLayout } from './AccountLayout';

const t = standingOrdersUi.page;
type Status = { tone: 'success' | 'error'; text: string } | null;

const failureText = (error: unknown) => {
  if (!isApiError(error)) return standingOrderMessage('transaction-action-failed');
  const first = Object.values(error.fields)[0];
  return standingOrderMessage(first ?? error.code);
};

export default function StandingOrdersPage() {
  const list = useStandingOrders();
  const methods = usePaymentMethods();
  const [status, setStatus] = useState<Status>(null);
  return (
    <AccountLayout title={standingOrdersUi.pageTitle}>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {status ? <FormMessage tone={status.tone}>{status.text}</FormMessage> : null}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <FormMessage tone="error">
          {t.loadFailed}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
            {t.retry}
          </button>
        </FormMessage>
      ) : list.data.length === 0 ? (
        <p className="text-stone-700">{t.empty}</p>
      ) : (
        <ul className="grid gap-6" data-testid="standing-orders">
          {list.data.map((s) => (
            <li key={s.id}>
              <StandingOrderCard standing={s} methods={methods.data ?? []} onStatus={setStatus} />
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}

function StandingOrderCard({ standing, methods, onStatus }: { standing: StandingOrderView; methods: PaymentMethodView[]; onStatus: (s: Status) => void }) {
  const change = useChangeStandingOrder();
  const end = useEndStandingOrder();
  const [weeks, setWeeks] = useState(String(standing.intervalWeeks));
  const [method, setMethod] = useState(standing.paymentMethodId);
  const [ending, setEnding] = useState(false);
  const busy = change.isPending || end.isPending;
  const usable = methods.filter((m) => !m.expired);
  const methodOptions = usable.map((m) => ({ value: m.id, label: methodName(m) }));
  if (!usable.some((m) => m.id === standing.paymentMethodId)) methodOptions.unshift({ value: standing.paymentMethodId, label: t.unknownMethod });
  const total = standing.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);

  const run = (body: Parameters<typeof change.mutate>[0]['change']) =>
    change.mutate({ id: standing.id, change: body }, { onSuccess: () => onStatus({ tone: 'success', text: t.changed }), onError: (e) => onStatus({ tone: 'error', text: failureText(e) }) });
  const edited = Number(weeks) !== standing.intervalWeeks || method !== standing.paymentMethodId;
  const save = () =>
    run({ ...(Number(weeks) !== standing.intervalWeeks ? { intervalWeeks: Number(weeks) } : {}), ...(method !== standing.paymentMethodId ? { paymentMethodId: method } : {}) });

  return (
    <article className="card p-5" aria-label={t.from(standing.supplier.name)} data-testid="standing-order">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-stone-900">{t.from(standing.supplier.name)}</h2>
        {standing.paused ? <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-semibold text-stone-800">{t.paused}</span> : null}
      </div>
      <ul className="mt-2 text-sm text-stone-700">
        {standing.lines.map((l) => (
          <li key={`${l.listingId}-${l.packageIndex}`}>
            {l.quantity} × {l.title} ({l.packageLabel}) — {formatMoney(l.unitPriceCents * l.quantity)}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-stone-600">{formatMoney(total)} at the last order’s prices; each order is priced on the day.</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{t.interval}</dt>
        <dd>{standingOrdersUi.every(standing.intervalWeeks)}</dd>
        <dt className="text-stone-600">{t.nextRun}</dt>
        <dd data-testid="next-run">{standing.paused ? t.paused : formatDate(standing.nextRunAt)}</dd>
        {standing.paused ? null : (
          <>
            <dt className="text-stone-600">{t.notice}</dt>
            <dd>{formatDate(standing.nextNoticeAt)}</dd>
          </>
        )}
        <dt className="text-stone-600">{t.lastRun}</dt>
        <dd data-testid="last-result">
          {standing.lastRunAt ? `${formatDate(standing.lastRunAt)}: ` : ''}
          {lastResultText(standing.lastResult)}
          {standing.lastCheckoutId && standing.lastResult === 'pending' ? (
            <>
              {' '}
              <Link className="font-semibold underline" to={pathTo('CheckoutCompletePage', { id: standing.lastCheckoutId })}>
                {standingOrdersUi.confirmPayment}
              </Link>
            </>
          ) : null}
        </dd>
        <dt className="text-stone-600">{t.sourceOrder}</dt>
        <dd>
          <Link className="underline" to={pathTo('MyOrdersDetailPage', { id: standing.sourceOrderId })}>
            {standingOrdersUi.viewOrder}
          </Link>
        </dd>
      </dl>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField name={`interval-${standing.id}`} label={t.interval} value={weeks} onChange={setWeeks} options={standingOrdersUi.intervalOptions} disabled={busy} />
        <SelectField name={`method-${standing.id}`} label={t.payWith} value={method} onChange={setMethod} options={methodOptions} disabled={busy} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={busy || !edited} onClick={save}>
          {t.save}
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => run({ paused: !standing.paused })}>
          {standing.paused ? t.resume : t.pause}
        </button>
        {standing.paused ? null : (
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => run({ skipNext: true })}>
            {t.skip}
          </button>
        )}
        <button type="button" className="btn-danger" disabled={busy} onClick={() => setEnding(true)}>
          {t.end}
        </button>
      </div>
      {ending ? (
        <ConfirmDialog
          title={t.endTitle}
          busy={end.isPending}
          onCancel={() => setEnding(false)}
          onConfirm={() =>
            end.mutate(standing.id, {
              onSuccess: () => onStatus({ tone: 'success', text: t.ended }),
              onError: (e) => onStatus({ tone: 'error', text: failureText(e) }),
              onSettled: () => setEnding(false),
            })
          }
        >
          {t.endBody}
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
