import { mayChangeAccount, type FullAccessAction } from '@caskade/identity/domain';
import type { CurrentUser } from '@caskade/gateway/contract';
import { limitedAccessUi as t } from '../../i18n/accountInfoMessages';

/** Whether the signed-in login may make this account change (identity's rule); false for a limited-access login. */
export const mayChange = (user: Pick<CurrentUser, 'scopes'> | null | undefined, action: FullAccessAction): boolean =>
  Boolean(user) && mayChangeAccount(user?.scopes ?? [], action);

/**
 * Shown instead of a form a limited-access login may not submit: what this login can do and who can
 * make the change, so nobody fills in a form only to have it refused.
 */
export function LimitedAccessNotice() {
  return (
    <section aria-labelledby="limited-access-title" className="card mb-6 border-amber-300 bg-amber-50 p-5 sm:p-6" data-testid="limited-access-notice">
      <h2 id="limited-access-title" className="text-lg font-semibold text-amber-950">
        {t.title}
      </h2>
      <p className="mt-2 text-sm text-amber-950">{t.body}</p>
      <ul className="mt-3 list-disc pl-5 text-sm text-amber-950">
        {t.can.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm font-medium text-amber-950">{t.cannot}</p>
      <p className="mt-1 text-sm text-amber-950">{t.askOwner}</p>
    </section>
  );
}
