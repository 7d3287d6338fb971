/**
 * The route table of product-spec §2: name → path (ROUTE_PATHS in the kit's rules, which the
 * gateway reads too for its 404s), whether it needs a login, an optional role, the document title
 * and the page, code-split per page. Pages not built yet share
 * one lazily loaded "coming soon" page that still shows the route's title.
 *
 * Auth reading: the spec says "auth required unless noted" but also lists public pages (landing,
 * search, listings, profiles, pricing, static pages, the auth pages themselves). We require a login
 * exactly where a page shows the visitor's own data or acts for them.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { generatePath } from 'react-router-dom';
import { ROUTE_PATHS, type RouteName, type Role } from '@caskade/kit/rules';

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
const myOrders: PageLoader = () => import('../pages/orders/MyOrdersPage');
/** /messages and /messages/{conversationId}: one page (list beside the open conversation). */
const messagesPage: PageLoader = () => import('../pages/messages/MessagesPage');
const orderDetail: PageLoader = () => import('../pages/orders/OrderDetailPage');
/** The cart's checkout: /checkout-multi-suppliers, /checkout and /checkout/{payment}. */
const cartCheckout: PageLoader = () => import('../pages/checkout/MultiSupplierCheckoutPage');

type Row = [auth: boolean, title: string, load: PageLoader, role?: Role];

/** Every route of ROUTE_PATHS (kit rules, shared with the gateway) and how the app serves it. */
const rows: Record<RouteName, Row> = {
  LandingPage: [false, 'Wholesale craft drinks marketplace', landing],
  AboutPage: [false, 'About Caskade', staticPage],
  SearchPage: [false, 'Search', () => import('../pages/SearchPage')],
  ListingBasePage: [false, 'Listings', toLanding],
  NewListingPage: [true, 'New listing', () => import('../pages/NewListingPage'), 'supplier'],
  ListingPageCanonical: [false, 'Listing', listingPage],
  ListingPage: [false, 'Listing', listingPage],
  CheckoutPage: [true, 'Checkout', () => import('../pages/checkout/CheckoutPage'), 'buyer'],
  ListingPageVariant: [true, 'Listing preview', listingPage],
  EditListingPage: [true, 'Edit listing', editListing, 'supplier'],
  EditListingStripeOnboardingPage: [true, 'Edit listing', comingSoon],
  CheckoutPageNewBase: [true, 'Checkout', cartCheckout, 'buyer'],
  CheckoutPageNew: [true, 'Checkout', cartCheckout, 'buyer'],
  MultiSupplierCheckoutPage: [true, 'Checkout', cartCheckout, 'buyer'],
  ProfileBasePage: [false, 'Profile', toLanding],
  ProfilePage: [false, 'Profile', () => import('../pages/ProfilePage')],
  ProfileStripeOnboardPage: [true, 'Profile', comingSoon],
  ProfileSettingsPage: [true, 'Profile settings', () => import('../pages/ProfileSettingsPage'), 'supplier'],
  ServicesMembershipPage: [false, 'Services membership', comingSoon],
  SupplierPricingPage: [false, 'Supplier membership', comingSoon],
  UpdateSubscriptionPage: [true, 'Update membership', comingSoon],
  SubscriptionCartPage: [false, 'Membership checkout', comingSoon],
  LoginPage: [false, 'Log in', () => import('../pages/LoginPage')],
  BuyerSignupPage: [false, 'Create a buyer account', () => import('../pages/BuyerSignupPage')],
  BuyerConfirmPage: [false, 'Confirm your account', comingSoon],
  SupplierSignupPage: [false, 'Supplier sign-up', () => import('../pages/SupplierSignupPage')],
  PasswordRecoveryPage: [false, 'Reset your password', () => import('../pages/PasswordRecoveryPage')],
  PasswordResetPage: [false, 'Choose a new password', () => import('../pages/PasswordResetPage')],
  InboxBasePage: [true, 'Inbox', () => import('../pages/InboxBasePage')],
  InboxPage: [true, 'Inbox', () => import('../pages/InboxPage')],
  OrderPage: [true, 'Order', orderDetail],
  SalePage: [true, 'Sale', orderDetail],
  MySalesPage: [true, 'My sales', myOrders, 'supplier'],
  MySalesDetailPage: [true, 'Sale', orderDetail, 'supplier'],
  MyOrdersPage: [true, 'My orders', myOrders, 'buyer'],
  MyOrdersDetailPage: [true, 'Order', orderDetail, 'buyer'],
  ManageListingsPage: [true, 'My listings', () => import('../pages/ManageListingsPage'), 'supplier'],
  AccountSettingsPage: [true, 'Account settings', () => import('../pages/account/AccountIndexPage')],
  DeliveryAddressPage: [true, 'Delivery addresses', () => import('../pages/account/DeliveryAddressPage')],
  ContactDetailsPage: [true, 'Contact details', () => import('../pages/account/ContactDetailsPage')],
  InfoPage: [true, 'Business info', () => import('../pages/account/BusinessInfoPage')],
  PasswordChangePage: [true, 'Change password', () => import('../pages/account/PasswordChangePage')],
  StripePayoutPage: [true, 'Payouts', () => import('../pages/account/PayoutPage'), 'supplier'],
  StripePayoutOnboardingPage: [true, 'Payouts', () => import('../pages/account/AccountPlaceholderPage'), 'supplier'],
  PaymentMethodsPage: [true, 'Payment methods', () => import('../pages/account/PaymentMethodsPage')],
  StandingOrdersPage: [true, 'Standing orders', () => import('../pages/account/StandingOrdersPage'), 'buyer'],
  DeleteAccountPage: [true, 'Delete account', () => import('../pages/account/DeleteAccountPage')],
  MembershipDetailsPage: [true, 'Membership details', () => import('../pages/account/AccountPlaceholderPage'), 'supplier'],
  MessagesPage: [true, 'Messages', messagesPage],
  MessagesDetailPage: [true, 'Messages', messagesPage],
  CartPage: [true, 'Cart', () => import('../pages/CartPage'), 'buyer'],
  MyAnalyticsPage: [true, 'Analytics', comingSoon, 'supplier'],
  EmailVerificationPage: [false, 'Verify your email', () => import('../pages/EmailVerificationPage')],
  TermsOfServicePage: [false, 'Terms of service', staticPage],
  PrivacyPolicyPage: [false, 'Privacy policy', staticPage],
  ContactUsPage: [false, 'Contact us', () => import('../pages/ContactUsPage')],
  FAQPage: [false, 'Frequently asked questions', staticPage],
  NotFoundPage: [false, 'Page not found', notFound],
  Styleguide: [false, 'Styleguide', comingSoon],
  OperatorMailboxPage: [true, 'Operator mailbox', () => import('../pages/OperatorMailboxPage'), 'operator'],
  OperatorListingsPage: [true, 'Listing approvals', () => import('../pages/OperatorListingsPage'), 'operator'],
  OperatorOrdersPage: [true, 'Orders', () => import('../pages/OperatorOrdersPage'), 'operator'],
  CheckoutCompletePage: [true, 'Order placed', () => import('../pages/checkout/CheckoutCompletePage'), 'buyer'],
  PaymentChallengePage: [true, 'Confirm your payment', () => import('../pages/checkout/PaymentChallengePage'), 'buyer'],
};

export const routes: readonly RouteDef[] = (Object.entries(rows) as Array<[RouteName, Row]>).map(([name, [auth, title, load, role]]) => ({
  name,
  path: ROUTE_PATHS[name],
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
