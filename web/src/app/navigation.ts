/** Which links each kind of user sees: profile menu and account-settings tabs (product-spec §2, §6). */
import type { Role } from '@caskade/kit/rules';
import { ui } from '../i18n/messages';
import { pathTo } from './routes';

export interface NavItem {
  key: string;
  label: string;
  to: string;
}

interface MenuUser {
  id: string;
  role: Role;
}

/**
 * Where the inbox opens for a role: buyers on their orders, suppliers on their sales. Operators have
 * neither, so they get the inbox's default tab (/inbox shows sales, spec §2).
 */
export function inboxPathFor(role: Role): string {
  if (role === 'buyer') return pathTo('InboxPage', { tab: 'orders' });
  if (role === 'supplier') return pathTo('InboxPage', { tab: 'sales' });
  return pathTo('InboxBasePage');
}

/**
 * Profile menu: Analytics and Public profile are hidden for buyers; Orders for buyers, Sales for
 * suppliers. Suppliers also reach their listings and profile settings here, operators the approvals.
 */
export function profileMenuItems(user: MenuUser): NavItem[] {
  const items: NavItem[] = [];
  if (user.role === 'supplier') {
    items.push({ key: 'analytics', label: ui.shell.analytics, to: pathTo('MyAnalyticsPage') });
    items.push({ key: 'publicProfile', label: ui.shell.publicProfile, to: pathTo('ProfilePage', { id: user.id }) });
    items.push({ key: 'listings', label: ui.shell.myListings, to: pathTo('ManageListingsPage') });
    items.push({ key: 'profileSettings', label: ui.shell.profileSettings, to: pathTo('ProfileSettingsPage') });
  }
  items.push({ key: 'inbox', label: ui.shell.inbox, to: inboxPathFor(user.role) });
  if (user.role === 'buyer') items.push({ key: 'orders', label: ui.shell.orders, to: pathTo('MyOrdersPage') });
  if (user.role === 'supplier') items.push({ key: 'sales', label: ui.shell.sales, to: pathTo('MySalesPage') });
  items.push({ key: 'account', label: ui.shell.accountSettings, to: pathTo('AccountSettingsPage') });
  if (user.role === 'operator') {
    items.push({ key: 'listingApprovals', label: ui.shell.listingApprovals, to: pathTo('OperatorListingsPage') });
    items.push({ key: 'operatorOrders', label: ui.shell.operatorOrders, to: pathTo('OperatorOrdersPage') });
    items.push({ key: 'mailbox', label: ui.shell.mailbox, to: pathTo('OperatorMailboxPage') });
  }
  return items;
}

const tab = (key: keyof typeof ui.account.tabs, route: string): NavItem => ({ key, label: ui.account.tabs[key], to: pathTo(route) });

/** Account settings tabs by role, in the spec's order. */
export function accountTabs(role: Role): NavItem[] {
  switch (role) {
    case 'buyer':
      return [
        tab('contactDetails', 'ContactDetailsPage'),
        tab('passwordChange', 'PasswordChangePage'),
        tab('deliveryAddress', 'DeliveryAddressPage'),
        tab('paymentMethods', 'PaymentMethodsPage'),
        tab('standingOrders', 'StandingOrdersPage'),
        tab('deleteAccount', 'DeleteAccountPage'),
      ];
    case 'supplier':
      return [
        tab('info', 'InfoPage'),
        tab('contactDetails', 'ContactDetailsPage'),
        tab('payments', 'StripePayoutPage'),
        tab('paymentMethods', 'PaymentMethodsPage'),
        tab('passwordChange', 'PasswordChangePage'),
        tab('membership', 'MembershipDetailsPage'),
        tab('deleteAccount', 'DeleteAccountPage'),
      ];
    case 'operator':
      return [tab('contactDetails', 'ContactDetailsPage'), tab('passwordChange', 'PasswordChangePage')];
  }
}

/** Pricing menu: supplier membership only for signed-in users; the buyers' line for everyone. */
export function pricingMenuItems(signedIn: boolean): NavItem[] {
  const items: NavItem[] = [{ key: 'buyers', label: ui.shell.pricingBuyers, to: pathTo('BuyerSignupPage') }];
  if (signedIn) {
    items.push({ key: 'suppliers', label: ui.shell.pricingSuppliers, to: pathTo('SupplierPricingPage') });
    items.push({ key: 'services', label: ui.shell.pricingServices, to: pathTo('ServicesMembershipPage') });
  }
  return items;
}

export const footerLinks = (): NavItem[] => [
  { key: 'about', label: ui.shell.about, to: pathTo('AboutPage') },
  { key: 'faq', label: ui.shell.faq, to: pathTo('FAQPage') },
  { key: 'contact', label: ui.shell.contact, to: pathTo('ContactUsPage') },
  { key: 'terms', label: ui.shell.terms, to: pathTo('TermsOfServicePage') },
  { key: 'privacy', label: ui.shell.privacy, to: pathTo('PrivacyPolicyPage') },
];
