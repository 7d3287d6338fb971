import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { COOKIE_CONSENT_DAYS } from '@caskade/kit/rules';
import { pathTo } from '../app/routes';
import { ui } from '../i18n/messages';
import { readCookie, writeCookie } from '../lib/cookies';

export const CONSENT_COOKIE = 'caskade_cookie_consent';
const rememberConsent = () => writeCookie(CONSENT_COOKIE, '1', COOKIE_CONSENT_DAYS);

/**
 * Cookie notice; accepting stores a consent cookie for 10 years and hides the banner. Browsers cap
 * cookie lifetimes (Chromium at 400 days), so the cookie is renewed on every visit. The shell puts
 * it right after the skip link, so the keyboard reaches it first rather than last; while it shows,
 * the page keeps room below its content (index.css, `data-cookie-notice`), so the banner never
 * covers the end of a page, such as a conversation's message box.
 */
export function CookieConsent() {
  const [accepted, setAccepted] = useState(() => readCookie(CONSENT_COOKIE) === '1');
  useEffect(() => {
    if (accepted) rememberConsent();
  }, [accepted]);
  if (accepted) return null;
  return (
    <section aria-label={ui.cookies.label} data-cookie-notice="" className="fixed inset-x-0 bottom-0 z-30 p-3 sm:p-4">
      <div className="mx-auto flex max-w-3xl flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-lg sm:flex-row sm:items-center sm:gap-6">
        <p className="flex-1 text-sm text-stone-700">
          {ui.cookies.body}{' '}
          <Link to={pathTo('PrivacyPolicyPage')} className="link">
            {ui.cookies.more}
          </Link>
        </p>
        <button type="button" className="btn-primary shrink-0" onClick={() => setAccepted(true)}>
          {ui.cookies.accept}
        </button>
      </div>
    </section>
  );
}
