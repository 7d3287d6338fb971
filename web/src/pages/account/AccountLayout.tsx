import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useCurrentUser } from '../../api/session';
import { accountTabs } from '../../app/navigation';
import { ui } from '../../i18n/messages';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-100 font-semibold text-brand-900' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'}`;
const pillClass = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium whitespace-nowrap ${isActive ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-700'}`;

/**
 * Account settings frame: the side navigation shows only from 1024 px (spec); narrower screens get
 * a scrollable row of tabs instead so every section stays reachable.
 */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const tabs = user ? accountTabs(user.role) : [];
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[240px_1fr] lg:gap-10 lg:px-8 lg:py-12">
      <aside className="hidden lg:block">
        <nav aria-label={ui.account.nav} className="sticky top-24">
          <p className="mb-3 px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase">{ui.account.title}</p>
          <ul className="grid gap-1">
            {tabs.map((tab) => (
              <li key={tab.key}>
                <NavLink to={tab.to} end className={tabClass}>
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <nav aria-label={ui.account.nav} className="-mx-4 mb-6 overflow-x-auto px-4 lg:hidden">
          <ul className="flex gap-2 pb-1">
            {tabs.map((tab) => (
              <li key={tab.key}>
                <NavLink to={tab.to} end className={pillClass}>
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
        <div className="mt-6 max-w-2xl">{children}</div>
      </div>
    </div>
  );
}

export function SettingsCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = title.toLowerCase().replace(/[^a-z]+/g, '-');
  return (
    <section aria-labelledby={id} className="card mb-6 p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-stone-600">{description}</div> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
