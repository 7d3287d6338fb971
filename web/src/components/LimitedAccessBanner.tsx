import type { CurrentUser } from '@caskade/gateway/contract';
import { useAuthBusy, useLogout } from '../api/session';
import { ui } from '../i18n/messages';
import { LIMITED_SCOPE } from '@caskade/kit/rules';

/** Spec: the user has an id, is signed in, has exactly the one scope user:limited, and is not on search. */
export function showsLimitedAccessBanner(user: Pick<CurrentUser, 'id' | 'scopes'> | null | undefined, routeName: string | undefined): boolean {
  return Boolean(user?.id) && user?.scopes.length === 1 && user.scopes[0] === LIMITED_SCOPE && routeName !== 'SearchPage';
}

export function LimitedAccessBanner({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const busy = useAuthBusy();
  const name = `${user.profile.firstName} ${user.profile.lastName}`.trim() || user.email;
  return (
    <div className="bg-stone-900 text-stone-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p>{ui.shell.limitedAccess(name)}</p>
        <button type="button" disabled={busy} onClick={() => logout.mutate()} className="rounded-md px-2 py-1 font-semibold underline underline-offset-2 hover:bg-stone-800">
          {ui.shell.logout}
        </button>
      </div>
    </div>
  );
}
