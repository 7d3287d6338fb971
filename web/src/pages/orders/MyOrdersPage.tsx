/** /orders (buyer) and /sales (supplier): the caller's side of its orders, 10 a page. */
import { Link } from 'react-router-dom';
import { useOrders, type OrderSide } from '../../api/orders';
import { pathTo } from '../../app/routes';
import { useRouteDef } from '../../app/routeContext';
import { PageContainer, PageHeading } from '../../components/PageLayout';
import { ordersUi } from '../../i18n/ordersMessages';
import { OrderList, useOrderListParams } from './OrderList';

const t = ordersUi.list;

export default function MyOrdersPage() {
  const side: OrderSide = useRouteDef()?.name === 'MySalesPage' ? 'sale' : 'order';
  return (
    <PageContainer>
      <PageHeading title={side === 'order' ? t.ordersTitle : t.salesTitle} intro={side === 'order' ? t.ordersIntro : t.salesIntro} />
      <SideOrders side={side} detailRoute={side === 'order' ? 'MyOrdersDetailPage' : 'MySalesDetailPage'} />
    </PageContainer>
  );
}

/** The list of one side, linking each row to `detailRoute` (the inbox links to /order and /sale). */
export function SideOrders({ side, detailRoute }: { side: OrderSide; detailRoute: string }) {
  const { filter } = useOrderListParams();
  const query = useOrders(side, filter);
  return (
    <OrderList
      party={side === 'order' ? 'supplier' : 'buyer'}
      query={query}
      hrefFor={(order) => pathTo(detailRoute, { id: order.id })}
      searchHint={side === 'order' ? t.searchOrdersHint : t.searchSalesHint}
      emptyText={side === 'order' ? t.emptyOrders : t.emptySales}
      emptyAction={
        side === 'order' ? (
          <Link to={pathTo('SearchPage')} className="btn-primary">
            {t.browse}
          </Link>
        ) : undefined
      }
    />
  );
}
