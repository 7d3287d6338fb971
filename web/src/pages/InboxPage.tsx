import { NavLink, useParams } from 'react-router-dom';
import { NotFoundView } from '../components/NotFoundView';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { pathTo } from '../app/routes';
import { useCurrentUser } from '../api/session';
import { ui } from '../i18n/messages';
import { ordersUi } from '../i18n/ordersMessages';
import { SideOrders } from './orders/MyOrdersPage';

export const INBOX_TABS = ['orders', 'sales'] as const;
export const isInboxTab = (tab: string | undefined): tab is (typeof INBOX_TABS)[number] =>
  INBOX_TABS.some((t) => t === tab);

/**
 * Inbox with its two tabs, 10 orders a page; any other tab is rejected (spec: Invalid tab for
 * InboxPage). Buyers have orders and suppliers sales: the other tab just says it has none.
 */
export default function InboxPage() {
  const { tab } = useParams();
  const { data: user } = useCurrentUser();
  if (!isInboxTab(tab)) return <NotFoundView />;
  const mine = (tab === 'orders' && user?.role === 'buyer') || (tab === 'sales' && user?.role === 'supplier');
  return (
    <PageContainer>
      <PageHeading title={ui.shell.inbox} />
      <nav aria-label={ui.shell.inbox} className="mb-6 flex gap-2 border-b border-stone-200">
        {INBOX_TABS.map((t) => (
          <NavLink
            key={t}
            to={pathTo('InboxPage', { tab: t })}
            className={({ isActive }) =>
              `-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${isActive ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-600 hover:text-stone-900'}`
            }
          >
            {t === 'orders' ? ui.shell.orders : ui.shell.sales}
          </NavLink>
        ))}
      </nav>
      {mine ? (
        <SideOrders key={tab} side={tab === 'orders' ? 'order' : 'sale'} detailRoute={tab === 'orders' ? 'OrderPage' : 'SalePage'} />
      ) : (
        <div className="card px-6 py-12 text-center text-stone-600">{tab === 'orders' ? ordersUi.list.emptyOrders : ordersUi.list.emptySales}</div>
      )}
    </PageContainer>
  );
}
