/**
 * One order: /orders/{id} (buyer), /sales/{id} (supplier), /order/{id} and /sale/{id} (from the
 * inbox). An order the caller may not read answers 404 and shows the not-found page.
 */
import { Link, useLocation, useParams } from 'react-router-dom';
import { isApiError } from '../../api/client';
import { useOrder } from '../../api/orders';
import { pathTo } from '../../app/routes';
import { useRouteDef } from '../../app/routeContext';
import { FormMessage } from '../../components/Field';
import { NotFoundView } from '../../components/NotFoundView';
import { PageContainer } from '../../components/PageLayout';
import { Spinner } from '../../components/Spinner';
import { ordersUi } from '../../i18n/ordersMessages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { OrderDetail } from './OrderDetail';

/** Where "back" goes from each detail route. */
const BACK: Record<string, () => string> = {
  MyOrdersDetailPage: () => pathTo('MyOrdersPage'),
  MySalesDetailPage: () => pathTo('MySalesPage'),
  OrderPage: () => pathTo('InboxPage', { tab: 'orders' }),
  SalePage: () => pathTo('InboxPage', { tab: 'sales' }),
};

export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const route = useRouteDef();
  // Back from the bank's challenge of a Pay now: the payment's outcome reaches the order a moment later.
  const settling = (useLocation().state as { paymentSettling?: unknown } | null)?.paymentSettling;
  const order = useOrder(id, typeof settling === 'number' ? settling : null);
  useDocumentTitle(order.data ? ordersUi.detail.orderTitle(order.data.orderNumber) : (route?.title ?? ''));

  if (order.isError && isApiError(order.error) && [400, 403, 404].includes(order.error.status)) return <NotFoundView />;
  const back = BACK[route?.name ?? ''];
  return (
    <PageContainer>
      {back ? (
        <Link to={back()} className="mb-6 inline-flex text-sm font-medium text-brand-800 hover:underline">
          <span aria-hidden="true">←&nbsp;</span>
          {ordersUi.detail.back}
        </Link>
      ) : null}
      {order.isPending ? <Spinner /> : null}
      {order.isError ? <FormMessage tone="error">{ordersUi.loadFailed}</FormMessage> : null}
      {order.data ? <OrderDetail order={order.data} /> : null}
    </PageContainer>
  );
}
