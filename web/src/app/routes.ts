/**
 * The route table of product-spec §2, in one place: name → path, whether it needs a login, an
 * optional role, the document title and the page, code-split per page. Pages not built yet share
 * one lazily loaded "coming soon" page that still shows the route's title.
 *
 * Auth reading: the spec says "auth required unless noted" but also lists public pages (landing,
 * search, listings, profiles, pricing, static pages, the auth pages themselves). We require a login
 * exactly where a page shows the visitor's own data or acts for them.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { generatePath } from 'react-router-dom';
import type { Role } from '@caskade/kit/rules';

type PageModule = { default: ComponentType };
type PageLoader = () => Promise<PageModule>;

export interface RouteDef {
  name: string;
  path: string;
  auth: boolean;
  title: string;
  /**
   * Only this role may open the page. A signed-in user of another role sees a "not for your
   * account" page (RoutePage), not the 404: the address exists, it is just not theirs.
   */
  role?: Role;
  load: PageLoader;
  Page: LazyExoticComponent<ComponentType>;
}

const pages = new Map<PageLoader, Pick<RouteDef, 'load' | 'Page'>>();
/**
 * One lazy component per module, so routes sharing a page share its chunk and its state. The
 * router's loader awaits `load` before a navigation commits; once the module is in, the lazy
 * component resolves synchronously (a settled thenable), so the new page renders in the same
 * commit as the new address instead of suspending for another turn.
 */
function page(importPage: PageLoader): Pick<RouteDef, 'load' | 'Page'> {
  const known = pages.get(importPage);
  if (known) return known;
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const load: PageLoader = () => {
    loading ??= importPage().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a failed chunk may be retried (reload, next visit)
        throw error;
      },
    );
    return loading;
  };
  const settled = (module: PageModule): Promise<PageModule> => ({ then: (resolve: (m: PageModule) => unknown) => resolve(module) }) as unknown as Promise<PageModule>;
  const entry = { load, Page: lazy(() => (loaded ? settled(loaded) : load())) };
  pages.set(importPage, entry);
  return entry;
}

const comingSoon: PageLoader = () => import('../pages/ComingSoonPage');
const toLanding: PageLoader = () => import('../pages/RedirectToLandingPage');
const landing: PageLoader = () => import('../pages/LandingPage');
const notFound: PageLoader = () => import('../pages/NotFoundPage');
const staticPage: PageLoader = () => import('../pages/StaticPage');
const listingPage: PageLoader = () => import('../pages/ListingPage');
const editListing: PageLoader = () => import('../pages/EditListingPage');

type Row = [name: string, path: string, auth: boolean, title: string, load: PageLoader, role?: Role];

const rows: Row[] = [
  ['LandingPage', '/', false, 'Wholesale craft drinks marketplace', landing],
  ['AboutPage', '/about', false, 'About Caskade', staticPage],
  ['SearchPage', '/s', false, 'Search', () => import('../pages/SearchPage')],
  ['ListingBasePage', '/l', false, 'Listings', toLanding],
  ['NewListingPage', '/l/new', true, 'New listing', () => import('../pages/NewListingPage'), 'supplier'],
  ['ListingPageCanonical', '/l/:id', false, 'Listing', listingPage],
  ['ListingPage', '/l/:slug/:id', false, 'Listing', listingPage],
  ['CheckoutPage', '/l/:slug/:id/checkout', true, 'Checkout', comingSoon],
  ['ListingPageVariant', '/l/:slug/:id/:variant', true, 'Listing preview', listingPage],
  ['EditListingPage', '/l/:slug/:id/:type/:tab', true, 'Edit listing', editListing, 'supplier'],
  ['EditListingStripeOnboardingPage', '/l/:slug/:id/:type/:tab/:returnURLType', true, 'Edit listing', comingSoon],
  ['CheckoutPageNewBase', '/checkout', true, 'Checkout', comingSoon],
  ['CheckoutPageNew', '/checkout/:payment', true, 'Checkout', comingSoon],
  ['MultiSupplierCheckoutPage', '/checkout-multi-suppliers', true, 'Checkout', comingSoon],
  ['ProfileBasePage', '/u', false, 'Profile', toLanding],
  ['ProfilePage', '/u/:id', false, 'Profile', () => import('../pages/ProfilePage')],
  ['ProfileStripeOnboardPage', '/u/:id/:returnURLType', true, 'Profile', comingSoon],
  ['ProfileSettingsPage', '/profile-settings', true, 'Profile settings', () => import('../pages/ProfileSettingsPage'), 'supplier'],
  ['ServicesMembershipPage', '/membership/services', false, 'Services membership', comingSoon],
  ['SupplierPricingPage', '/membership/supplier', false, 'Supplier membership', comingSoon],
  ['UpdateSubscriptionPage', '/update-subscription', true, 'Update membership', comingSoon],
  ['SubscriptionCartPage', '/cart-subscription', false, 'Membership checkout', comingSoon],
  ['LoginPage', '/login', false, 'Log in', () => import('../pages/LoginPage')],
  ['BuyerSignupPage', '/signup/buyer', false, 'Create a buyer account', () => import('../pages/BuyerSignupPage')],
  ['BuyerConfirmPage', '/buyer-confirm', false, 'Confirm your account', comingSoon],
  ['SupplierSignupPage', '/signup/supplier', false, 'Supplier sign-up', () => import('../pages/SupplierSignupPage')],
  ['PasswordRecoveryPage', '/recover-password', false, 'Reset your password', () => import('../pages/PasswordRecoveryPage')],
  ['PasswordResetPage', '/reset-password', false, 'Choose a new password', () => import('../pages/PasswordResetPage')],
  ['InboxBasePage', '/inbox', true, 'Inbox', () => import('../pages/InboxBasePage')],
  ['InboxPage', '/inbox/:tab', true, 'Inbox', () => import('../pages/InboxPage')],
  ['OrderPage', '/order/:id', true, 'Order', comingSoon],
  ['SalePage', '/sale/:id', true, 'Sale', comingSoon],
  ['MySalesPage', '/sales', true, 'My sales', comingSoon, 'supplier'],
  ['MySalesDetailPage', '/sales/:id', true, 'Sale', comingSoon, 'supplier'],
  ['MyOrdersPage', '/orders', true, 'My orders', comingSoon, 'buyer'],
  ['MyOrdersDetailPage', '/orders/:id', true, 'Order', comingSoon, 'buyer'],
  ['ManageListingsPage', '/listings', true, 'My listings', () => import('../pages/ManageListingsPage'), 'supplier'],
  ['AccountSettingsPage', '/account', true, 'Account settings', () => import('../pages/account/AccountIndexPage')],
  ['DeliveryAddressPage', '/account/delivery-address', true, 'Delivery addresses', () => import('../pages/account/AccountPlaceholderPage')],
  ['ContactDetailsPage', '/account/contact-details', true, 'Contact details', () => import('../pages/account/ContactDetailsPage')],
  ['InfoPage', '/account/contact-details/info', true, 'Business info', () => import('../pages/account/AccountPlaceholderPage')],
  ['PasswordChangePage', '/account/change-password', true, 'Change password', () => import('../pages/account/PasswordChangePage')],
  ['StripePayoutPage', '/account/payments', true, 'Payouts', () => import('../pages/account/AccountPlaceholderPage'), 'supplier'],
  ['StripePayoutOnboardingPage', '/account/payments/:returnURLType', true, 'Payouts', () => import('../pages/account/AccountPlaceholderPage'), 'supplier'],
  ['PaymentMethodsPage', '/account/payment-methods', true, 'Payment methods', () => import('../pages/account/AccountPlaceholderPage')],
  ['DeleteAccountPage', '/account/delete-account', true, 'Delete account', () => import('../pages/account/DeleteAccountPage')],
  ['MembershipDetailsPage', '/account/membership', true, 'Membership details', () => import('../pages/account/AccountPlaceholderPage'), 'supplier'],
  ['MessagesPage', '/messages', true, 'Messages', comingSoon],
  ['MessagesDetailPage', '/messages/:tab', true, 'Messages', comingSoon],
  ['CartPage', '/cart', true, 'Cart', comingSoon, 'buyer'],
  ['MyAnalyticsPage', '/analytics', true, 'Analytics', comingSoon, 'supplier'],
  ['EmailVerificationPage', '/verify-email', false, 'Verify your email', () => import('../pages/EmailVerificationPage')],
  ['TermsOfServicePage', '/terms-of-service', false, 'Terms of service', staticPage],
  ['PrivacyPolicyPage', '/privacy-policy', false, 'Privacy policy', staticPage],
  ['ContactUsPage', '/contact-us', false, 'Contact us', staticPage],
  ['FAQPage', '/faq', false, 'Frequently asked questions', staticPage],
  ['NotFoundPage', '/notfound', false, 'Page not found', notFound],
  ['Styleguide', '/styleguide/*', false, 'Styleguide', comingSoon],
  ['OperatorMailboxPage', '/operator/mailbox', true, 'Operator mailbox', () => import('../pages/OperatorMailboxPage'), 'operator'],
  ['OperatorListingsPage', '/operator/listings', true, 'Listing approvals', () => import('../pages/OperatorListingsPage'), 'operator'],
];

export const routes: readonly RouteDef[] = rows.map(([name, path, auth, title, load, role]) => ({
  name,
  path,
  auth,
  title,
  ...(role ? { role } : {}),
  ...page(load),
}));

/** Unknown paths. Not part of the named table. */
export const notFoundRoute: RouteDef = { name: 'NotFound', path: '*', auth: false, title: 'Page not found', ...page(notFound) };

const byName = new Map(routes.map((r) => [r.name, r]));

export function routeByName(name: string): RouteDef {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Builds a link to a named route: `pathTo('ProfilePage', { id })`. */
export function pathTo(name: string, params: Record<string, string> = {}): string {
  return generatePath(routeByName(name).path, params);
}
