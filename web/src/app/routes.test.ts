import { describe, expect, it } from '@jest/globals';
import { matchRoutes } from 'react-router-dom';
import { notFoundRoute, pathTo, routeByName, routes } from './routes';

/** Every route name of product-spec §2. */
const SPEC_ROUTES = [
  'LandingPage', 'AboutPage', 'SearchPage', 'ListingBasePage', 'ListingPage', 'ListingPageCanonical', 'ListingPageVariant',
  'CheckoutPage', 'NewListingPage', 'EditListingPage', 'EditListingStripeOnboardingPage', 'CheckoutPageNew',
  'MultiSupplierCheckoutPage', 'ProfilePage', 'ProfileStripeOnboardPage', 'ProfileBasePage', 'ProfileSettingsPage',
  'ServicesMembershipPage', 'SupplierPricingPage', 'UpdateSubscriptionPage', 'SubscriptionCartPage', 'LoginPage',
  'BuyerSignupPage', 'BuyerConfirmPage', 'SupplierSignupPage', 'PasswordRecoveryPage', 'PasswordResetPage', 'InboxBasePage',
  'InboxPage', 'OrderPage', 'SalePage', 'MySalesPage', 'MySalesDetailPage', 'MyOrdersPage', 'MyOrdersDetailPage',
  'ManageListingsPage', 'AccountSettingsPage', 'DeliveryAddressPage', 'ContactDetailsPage', 'InfoPage', 'PasswordChangePage',
  'StripePayoutPage', 'StripePayoutOnboardingPage', 'PaymentMethodsPage', 'DeleteAccountPage', 'MessagesPage',
  'MessagesDetailPage', 'CartPage', 'MyAnalyticsPage', 'EmailVerificationPage', 'TermsOfServicePage', 'PrivacyPolicyPage',
  'ContactUsPage', 'FAQPage', 'NotFoundPage', 'Styleguide',
];

const table = [...routes, notFoundRoute].map((route) => ({ path: route.path, id: route.name }));
const match = (url: string) => matchRoutes(table, url)?.at(-1)?.route.id;

describe('route table', () => {
  it('has every route of the spec, each name and path once', () => {
    const names = routes.map((r) => r.name);
    for (const name of SPEC_ROUTES) expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it('gives every route a title and a lazily loaded page', () => {
    for (const route of routes) {
      expect(route.title.length).toBeGreaterThan(0);
      expect(typeof route.load).toBe('function');
      expect(['object', 'function']).toContain(typeof route.Page);
    }
  });

  it('requires a login for private pages and not for public ones', () => {
    for (const name of ['LandingPage', 'SearchPage', 'ListingPage', 'LoginPage', 'BuyerSignupPage', 'SupplierSignupPage', 'EmailVerificationPage', 'PasswordResetPage', 'FAQPage', 'NotFoundPage']) {
      expect([name, routeByName(name).auth]).toEqual([name, false]);
    }
    for (const name of ['CheckoutPage', 'NewListingPage', 'AccountSettingsPage', 'ContactDetailsPage', 'DeleteAccountPage', 'InboxPage', 'OrderPage', 'CartPage', 'MyAnalyticsPage', 'OperatorMailboxPage']) {
      expect([name, routeByName(name).auth]).toEqual([name, true]);
    }
    expect(routeByName('OperatorMailboxPage').role).toBe('operator');
    expect(routeByName('MyAnalyticsPage').role).toBe('supplier');
  });

  it('resolves URLs to the expected page, static segments first', () => {
    expect(match('/')).toBe('LandingPage');
    expect(match('/l/new')).toBe('NewListingPage');
    expect(match('/l/0b6c')).toBe('ListingPageCanonical');
    expect(match('/l/pale-ale/0b6c')).toBe('ListingPage');
    expect(match('/l/pale-ale/0b6c/checkout')).toBe('CheckoutPage');
    expect(match('/l/pale-ale/0b6c/draft')).toBe('ListingPageVariant');
    expect(match('/l/draft/00000000/new/details')).toBe('EditListingPage');
    expect(match('/checkout')).toBe('CheckoutPageNewBase');
    expect(match('/checkout/card')).toBe('CheckoutPageNew');
    expect(match('/account/contact-details/info')).toBe('InfoPage');
    expect(match('/styleguide/buttons')).toBe('Styleguide');
    expect(match('/no/such/page')).toBe('NotFound');
  });

  it('builds paths from names', () => {
    expect(pathTo('ProfilePage', { id: 'abc' })).toBe('/u/abc');
    expect(pathTo('InboxPage', { tab: 'sales' })).toBe('/inbox/sales');
    expect(() => pathTo('Nope')).toThrow('Unknown route Nope');
  });
});
