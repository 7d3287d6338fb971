import { Link, NavLink, useSearchParams } from 'react-router-dom';
import type { CurrentUser } from '@caskade/gateway/contract';
import { useCart } from '../api/cart';
import { useAuthBusy, useCurrentUser, useLogout } from '../api/session';
import { pathTo } from '../app/routes';
import { pricingMenuItems, profileMenuItems } from '../app/navigation';
import { ui } from '../i18n/messages';
import { cartBadgeLabel } from '../lib/badge';
import { useDropdown } from '../lib/useDropdown';
import { useQueryFlag } from '../lib/useQueryFlag';
import { useCurrentRouteName } from '../app/routeContext';
import { CartIcon, ChevronDownIcon, Logo, MenuIcon, SearchIcon } from './Icons';
import { LinkItems } from './LinkItems';
import { Modal } from './Modal';
import { NotificationMenu } from './NotificationMenu';
import { SearchForm } from './SearchForm';
import { MessagesLink } from './messaging/MessagesLink';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-stone-100 hover:text-stone-900 ${isActive ? 'text-brand-800' : 'text-stone-700'}`;
const iconButton = 'relative inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-900';

export function TopBar() {
  const { data: user } = useCurrentUser();
  const menu = useQueryFlag('mobilemenu');
  const search = useQueryFlag('mobilesearch');
  // The landing page's hero has the search box; a second one in the bar would only compete with it.
  const onLanding = useCurrentRouteName() === 'LandingPage';
  // The box shows the search page's keywords: remount it when they change (links, back/forward).
  const [params] = useSearchParams();
  const keywords = params.get('keywords') ?? '';

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/85">
      {/* At 360 px a buyer's five icons and the logo only just fit: tighter gaps and padding below sm (no sideways scroll). */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6 lg:gap-6 lg:px-8">
        <Link to="/" aria-label={ui.shell.homeLink} className="shrink-0 rounded-lg">
          <Logo />
        </Link>
        {onLanding ? null : <SearchForm key={keywords} className="hidden md:block md:flex-1 lg:max-w-sm xl:max-w-md" />}
        <nav aria-label={ui.shell.mainNav} className="hidden items-center gap-0.5 lg:flex">
          <PricingMenu signedIn={Boolean(user)} />
          <NavLink to={pathTo('AboutPage')} className={navLinkClass}>
            {ui.shell.about}
          </NavLink>
          <NavLink to={pathTo('FAQPage')} className={navLinkClass}>
            {ui.shell.faq}
          </NavLink>
          <NavLink to={pathTo('ContactUsPage')} className={navLinkClass}>
            {ui.shell.contact}
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center sm:gap-1">
          {user ? (
            <>
              {user.role === 'buyer' ? <CartLink /> : null}
              <MessagesLink userId={user.id} />
              <NotificationMenu />
              <div className="hidden lg:block">
                <ProfileMenu user={user} />
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 lg:flex">
              <Link to={pathTo('LoginPage')} className="btn-ghost">
                {ui.shell.login}
              </Link>
              <Link to={pathTo('BuyerSignupPage')} className="btn-primary">
                {ui.shell.signup}
              </Link>
            </div>
          )}
          {onLanding ? null : (
            <button type="button" className={`${iconButton} md:hidden`} aria-label={ui.shell.openSearch} onClick={search.open}>
              <SearchIcon className="size-6" />
            </button>
          )}
          <button type="button" className={`${iconButton} lg:hidden`} aria-label={ui.shell.openMenu} onClick={menu.open}>
            <MenuIcon className="size-6" />
          </button>
        </div>
      </div>
      {menu.isOpen ? <MobileMenu user={user ?? null} onClose={menu.close} /> : null}
      {search.isOpen ? (
        <Modal title={ui.shell.searchTitle} onClose={search.close}>
          <SearchForm autoFocus />
        </Modal>
      ) : null}
    </header>
  );
}

/** Buyers only: the cart's item count from the server cart, refreshed by every cart write. */
function CartLink() {
  const cart = useCart();
  const badge = cartBadgeLabel(cart.data?.itemCount ?? 0);
  return (
    <Link to={pathTo('CartPage')} className={iconButton} aria-label={badge ? ui.shell.cartWithCount(badge) : ui.shell.cart}>
      <CartIcon className="size-6" />
      {badge ? (
        <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-[11px] leading-5 font-bold text-white">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

const menuLink = 'block rounded-lg px-3 py-2 text-sm text-stone-800 hover:bg-stone-100';

function PricingMenu({ signedIn }: { signedIn: boolean }) {
  const dropdown = useDropdown();
  return (
    <div ref={dropdown.containerRef} className="relative">
      <button {...dropdown.buttonProps} className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900">
        {ui.shell.pricing}
        <ChevronDownIcon className={`size-4 transition-transform ${dropdown.open ? 'rotate-180' : ''}`} />
      </button>
      <ul {...dropdown.panelProps} className="absolute left-0 mt-2 w-60 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg">
        <LinkItems items={pricingMenuItems(signedIn)} className={menuLink} />
      </ul>
    </div>
  );
}

const initialsOf = (user: CurrentUser): string => user.profile.abbreviatedName || user.email.slice(0, 1).toUpperCase();

export function Avatar({ user, size = 'md' }: { user: CurrentUser; size?: 'md' | 'lg' }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 ring-1 ring-brand-200 ${size === 'lg' ? 'size-11 text-base' : 'size-9 text-sm'}`}
    >
      {initialsOf(user)}
    </span>
  );
}

function ProfileMenu({ user }: { user: CurrentUser }) {
  const dropdown = useDropdown();
  const logout = useLogout();
  const busy = useAuthBusy();
  return (
    <div ref={dropdown.containerRef} className="relative">
      <button {...dropdown.buttonProps} className="flex items-center gap-1 rounded-full p-0.5 hover:bg-stone-100" aria-label={ui.shell.profileMenuFor(initialsOf(user))}>
        <Avatar user={user} />
        <ChevronDownIcon className="mr-1 size-4 text-stone-600" />
      </button>
      <div {...dropdown.panelProps} className="absolute right-0 mt-2 w-64 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg">
        <div className="border-b border-stone-100 px-3 pt-2 pb-3">
          <p className="truncate text-sm font-semibold text-stone-900">{user.profile.displayName || user.email}</p>
          <p className="truncate text-xs text-stone-600">{user.email}</p>
        </div>
        <ul className="py-1">
          <LinkItems items={profileMenuItems(user)} className={menuLink} />
        </ul>
        <div className="border-t border-stone-100 pt-1">
          <button
            type="button"
            disabled={busy}
            onClick={() => logout.mutate()}
            className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60"
          >
            {logout.isPending ? ui.shell.loggingOut : ui.shell.logout}
          </button>
        </div>
      </div>
    </div>
  );
}

const mobileLink = 'block rounded-lg px-3 py-2.5 text-base font-medium text-stone-800 hover:bg-stone-100';

function MobileMenu({ user, onClose }: { user: CurrentUser | null; onClose: () => void }) {
  const logout = useLogout();
  const busy = useAuthBusy();
  return (
    <Modal title={ui.shell.menuTitle} onClose={onClose} variant="sheet">
      <div className="flex flex-col gap-6">
        {user ? (
          <div className="flex items-center gap-3">
            <Avatar user={user} size="lg" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-stone-900">{user.profile.displayName || user.email}</p>
              <p className="truncate text-sm text-stone-600">{user.email}</p>
            </div>
          </div>
        ) : (
          <div className="grid gap-2">
            <Link to={pathTo('BuyerSignupPage')} className="btn-primary">
              {ui.shell.signup}
            </Link>
            <Link to={pathTo('LoginPage')} className="btn-secondary">
              {ui.shell.login}
            </Link>
          </div>
        )}
        {user ? (
          <nav aria-label={ui.shell.profileMenu}>
            <ul>
              <LinkItems items={profileMenuItems(user)} className={mobileLink} />
            </ul>
          </nav>
        ) : null}
        <nav aria-label={ui.shell.mainNav}>
          <ul className="border-t border-stone-200 pt-4">
            <li>
              <Link to={pathTo('SearchPage')} className={mobileLink}>
                {ui.shell.search}
              </Link>
            </li>
            <LinkItems items={pricingMenuItems(Boolean(user))} className={mobileLink} />
            <li>
              <Link to={pathTo('AboutPage')} className={mobileLink}>
                {ui.shell.about}
              </Link>
            </li>
            <li>
              <Link to={pathTo('FAQPage')} className={mobileLink}>
                {ui.shell.faq}
              </Link>
            </li>
            <li>
              <Link to={pathTo('ContactUsPage')} className={mobileLink}>
                {ui.shell.contact}
              </Link>
            </li>
            {user ? null : (
              <li>
                <Link to={pathTo('SupplierSignupPage')} className={mobileLink}>
                  {ui.shell.sellOnCaskade}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        {user ? (
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => logout.mutate()}>
            {logout.isPending ? ui.shell.loggingOut : ui.shell.logout}
          </button>
        ) : null}
      </div>
    </Modal>
  );
}
