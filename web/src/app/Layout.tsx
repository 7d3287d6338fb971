import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { clearSessionEnding, useCurrentUser } from '../api/session';
import { CookieConsent } from '../components/CookieConsent';
import { EmailVerificationReminder } from '../components/EmailVerificationReminder';
import { PayoutAccountReminder } from '../components/PayoutAccountReminder';
import { Footer } from '../components/Footer';
import { LimitedAccessBanner, showsLimitedAccessBanner } from '../components/LimitedAccessBanner';
import { ScrollManager } from '../components/ScrollManager';
import { Spinner } from '../components/Spinner';
import { TopBar } from '../components/TopBar';
import { ui } from '../i18n/messages';
import { useCurrentRouteName } from './routeContext';

/** The shell around every page: skip link, banners, top bar, main landmark, footer, cookie notice. */
export function Layout() {
  const { data: user } = useCurrentUser();
  const routeName = useCurrentRouteName();
  const location = useLocation();
  // A navigation waits for the next page's code (router loaders): show that something is happening.
  const loadingPage = useNavigation().state === 'loading';
  useEffect(() => clearSessionEnding(), [location.key]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {ui.shell.skipLink}
      </a>
      <CookieConsent />
      {loadingPage ? <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-600" /> : null}
      {user && showsLimitedAccessBanner(user, routeName) ? <LimitedAccessBanner user={user} /> : null}
      <TopBar />
      {/* At least a screen high: the footer starts below the fold, so a page arriving after the
          shell (its code, then its data) never pushes a visible footer down (layout shift). */}
      <main id="main" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col focus:outline-none">
        <Suspense fallback={<Spinner label={ui.shell.pageLoading} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <EmailVerificationReminder user={user} routeName={routeName} />
      {user?.role === 'supplier' && user.emailVerified ? <PayoutAccountReminder user={user} routeName={routeName} /> : null}
      <ScrollManager />
    </div>
  );
}
