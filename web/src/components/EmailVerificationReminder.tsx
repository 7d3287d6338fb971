import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '@caskade/gateway/contract';
import { resendErrorMessage, useResendVerification } from '../api/account';
import { useHasOwnListings } from '../api/catalog';
import { pathTo } from '../app/routes';
import { ui } from '../i18n/messages';
import { FormMessage } from './Field';
import { MailIcon } from './Icons';
import { Modal } from './Modal';

/** Pages where the reminder would get in the way of the very thing it asks for (spec §4 "Reminders"). */
export const REMINDER_EXCLUDED: ReadonlySet<string> = new Set([
  'LoginPage',
  'BuyerSignupPage',
  'SupplierSignupPage',
  'ContactDetailsPage',
  // Business info lives under contact details (/account/contact-details/info).
  'InfoPage',
  'EmailVerificationPage',
  'PasswordRecoveryPage',
  'PasswordResetPage',
  'StripePayoutPage',
]);

/**
 * The spec shows it to unverified users who have listings or orders. There are no orders yet, so
 * today that means an unverified supplier with at least one own listing (any state, drafts
 * included); buyers and suppliers without listings don't see it (buyers will once orders exist).
 * Closing hides it until the path changes.
 */
export function reminderApplies(
  user: Pick<CurrentUser, 'emailVerified' | 'role'> | null | undefined,
  routeName: string | undefined,
  hasListings: boolean,
): boolean {
  if (!user || user.emailVerified || user.role === 'operator' || !hasListings) return false;
  return routeName !== undefined && !REMINDER_EXCLUDED.has(routeName);
}

/**
 * A reminder's "closed" state (spec §4 "Reminders": closing sets seen until the path changes): any
 * change of `page`, back to an earlier one included (A → B → A), opens it again. Adjusted during
 * render, so no frame shows the stale state.
 */
export function useClosedUntilPageChanges(page: string): [boolean, (closed: boolean) => void] {
  const [closed, setClosed] = useState(false);
  const [shownOn, setShownOn] = useState(page);
  if (shownOn !== page) {
    setShownOn(page);
    setClosed(false);
  }
  return [closed, setClosed];
}

/** Only an unverified supplier, away from the excluded pages, needs to know whether they have listings. */
const asksForListings = (user: CurrentUser | null | undefined, routeName: string | undefined): user is CurrentUser =>
  Boolean(user && user.role === 'supplier' && reminderApplies(user, routeName, true));

export function EmailVerificationReminder({ user, routeName }: { user: CurrentUser | null | undefined; routeName: string | undefined }) {
  const { pathname } = useLocation();
  const [closed, setClosed] = useClosedUntilPageChanges(pathname);
  const hasListings = useHasOwnListings(asksForListings(user, routeName) ? user.id : null);
  if (!user || closed || !reminderApplies(user, routeName, hasListings.data === true)) return null;
  return <ReminderModal user={user} onClose={() => setClosed(true)} />;
}

function ReminderModal({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const resend = useResendVerification();
  return (
    <Modal title={ui.verify.reminderTitle} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MailIcon className="size-6" />
        </span>
        <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{ui.verify.reminderBody(user.email)}</p>
        {resend.isSuccess ? <FormMessage tone="success">{ui.verify.resent}</FormMessage> : null}
        {resend.isError ? <FormMessage tone="error">{resendErrorMessage(resend.error)}</FormMessage> : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="button" data-autofocus="" className="btn-primary" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? ui.verify.resending : ui.verify.resend}
          </button>
          <Link to={pathTo('ContactDetailsPage')} className="btn-secondary">
            {ui.verify.reminderChange}
          </Link>
        </div>
      </div>
    </Modal>
  );
}
