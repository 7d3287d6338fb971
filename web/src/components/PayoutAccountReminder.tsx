/**
 * The payout reminder (product-spec §4 "Reminders"): a supplier with listings and no payout account
 * is asked to set one up — buyers cannot check out its listings until it has. The email reminder
 * takes priority (this one shows only once the email is verified), the same pages are left alone,
 * and closing hides it until the path changes — to another page: the listing wizard's steps are
 * one page (the editor), so working through them does not bring it back at every step.
 */
import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '@caskade/gateway/contract';
import { useHasOwnListings } from '../api/catalog';
import { usePayoutAccount } from '../api/payouts';
import { pathTo } from '../app/routes';
import { REMINDER_EXCLUDED, useClosedUntilPageChanges } from './EmailVerificationReminder';
import { Modal } from './Modal';

const t = {
  title: 'Set up your payout account',
  body: 'Buyers can’t check out your listings until your payout account is set up. It takes a minute.',
  setUp: 'Set up payouts',
  later: 'Later',
} as const;

export function PayoutAccountReminder({ user, routeName }: { user: CurrentUser; routeName: string | undefined }) {
  const { pathname } = useLocation();
  const [closed, setClosed] = useClosedUntilPageChanges(routeName === 'EditListingPage' ? routeName : pathname);
  const applies = user.role === 'supplier' && user.emailVerified && routeName !== undefined && !REMINDER_EXCLUDED.has(routeName);
  const hasListings = useHasOwnListings(applies ? user.id : null);
  const account = usePayoutAccount(applies && hasListings.data === true);
  if (closed || !applies || hasListings.data !== true || account.data !== null) return null;
  return (
    <Modal title={t.title} onClose={() => setClosed(true)}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">{t.body}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={pathTo('StripePayoutPage')} data-autofocus="" className="btn-primary" onClick={() => setClosed(true)}>
            {t.setUp}
          </Link>
          <button type="button" className="btn-secondary" onClick={() => setClosed(true)}>
            {t.later}
          </button>
        </div>
      </div>
    </Modal>
  );
}
