/**
 * Operator orders (/operator/orders): every order, with search, a state filter and "awaiting bank
 * transfer"; `?open={id}` opens one below the list with its actions (confirm or cancel a
 * bank-transfer payment, as the API allows).
 */
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { isApiError } from '../api/client';
import { useOperatorOrders, useOrder, type OrderView } from '../api/orders';
import { CheckboxField, FormMessage } from '../components/Field';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { ordersUi } from '../i18n/ordersMessages';
import { OrderDetail } from './orders/OrderDetail';
import { OrderList, useOrderListParams } from './orders/OrderList';

const t = ordersUi.operator;

export default function OperatorOrdersPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const { filter, setFilter } = useOrderListParams();
  const awaitingBankTransfer = params.get('awaitingBankTransfer') === 'true';
  const query = useOperatorOrders({ ...filter, awaitingBankTransfer });
  const openId = params.get('open') ?? '';

  const hrefFor = (order: OrderView) => {
    const next = new URLSearchParams(params);
    next.set('open', order.id);
    return `${location.pathname}?${next.toString()}`;
  };
  const closeHref = () => {
    const next = new URLSearchParams(params);
    next.delete('open');
    const qs = next.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };

  return (
    <PageContainer>
      <PageHeading title={t.title} intro={t.intro} />
      <OrderList
        party="both"
        query={query}
        hrefFor={hrefFor}
        searchHint={t.searchHint}
        emptyText={t.empty}
        errorText={isApiError(query.error) && query.error.status === 403 ? t.forbidden : ordersUi.loadFailed}
        extraFilters={
          <CheckboxField name="awaitingBankTransfer" checked={awaitingBankTransfer} onChange={(checked) => setFilter({ awaitingBankTransfer: checked ? 'true' : null })}>
            {t.awaiting}
          </CheckboxField>
        }
      />
      {openId ? (
        <div className="mt-10 border-t border-stone-200 pt-8">
          <Link to={closeHref()} className="mb-4 inline-flex text-sm font-medium text-brand-800 hover:underline">
            {t.close}
          </Link>
          <OpenOrder id={openId} />
        </div>
      ) : null}
    </PageContainer>
  );
}

function OpenOrder({ id }: { id: string }) {
  const order = useOrder(id);
  if (order.isPending) return <Spinner />;
  if (order.isError) return <FormMessage tone="error">{ordersUi.loadFailed}</FormMessage>;
  return <OrderDetail order={order.data} headingLevel={2} />;
}
