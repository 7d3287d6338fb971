import { NavLink, useParams } from 'react-router-dom';
import { NotFoundView } from '../components/NotFoundView';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { pathTo } from '../app/routes';
import { ui } from '../i18n/messages';

export const INBOX_TABS = ['orders', 'sales'] as const;
export const isInboxTab = (tab: string | undefined): tab is (typeof INBOX_TABS)[number] =>
  INBOX_TABS.some((t) => t === tab);

/** Inbox with its two tabs; any other tab is rejected (spec: Invalid tab for InboxPage). */
export default function InboxPage() {
  const { tab } = useParams();
  if (!isInboxTab(tab)) return <NotFoundView />;
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
      <div className="card px-6 py-12 text-center text-stone-600">{ui.common.comingSoonBody}</div>
    </PageContainer>
  );
}
