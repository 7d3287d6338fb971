import { describe, expect, it } from '@jest/globals';
import { accountTabs, footerLinks, inboxPathFor, pricingMenuItems, profileMenuItems } from './navigation';

const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('navigation by role', () => {
  it('opens the inbox on orders for buyers and on sales for suppliers, in the bell and the profile menu', () => {
    expect(inboxPathFor('buyer')).toBe('/inbox/orders');
    expect(inboxPathFor('supplier')).toBe('/inbox/sales');
    expect(inboxPathFor('operator')).toBe('/inbox');
    expect(profileMenuItems({ id: 'u1', role: 'buyer' }).find((i) => i.key === 'inbox')?.to).toBe('/inbox/orders');
    expect(profileMenuItems({ id: 'u2', role: 'supplier' }).find((i) => i.key === 'inbox')?.to).toBe('/inbox/sales');
  });
  it('hides Analytics and Public profile from buyers', () => {
    expect(keys(profileMenuItems({ id: 'u1', role: 'buyer' }))).toEqual(['inbox', 'orders', 'account']);
    expect(keys(profileMenuItems({ id: 'u2', role: 'supplier' }))).toEqual(['analytics', 'publicProfile', 'listings', 'profileSettings', 'inbox', 'sales', 'account']);
    expect(profileMenuItems({ id: 'u2', role: 'supplier' }).find((i) => i.key === 'publicProfile')?.to).toBe('/u/u2');
    expect(keys(profileMenuItems({ id: 'u3', role: 'operator' }))).toContain('mailbox');
    expect(profileMenuItems({ id: 'u3', role: 'operator' }).find((i) => i.key === 'listingApprovals')?.to).toBe('/operator/listings');
    expect(profileMenuItems({ id: 'u3', role: 'operator' }).find((i) => i.key === 'operatorOrders')?.to).toBe('/operator/orders');
    expect(profileMenuItems({ id: 'u2', role: 'supplier' }).find((i) => i.key === 'listings')?.to).toBe('/listings');
  });

  it('lists the account tabs of the spec per role (buyers also reach their standing orders, ADR 049)', () => {
    expect(keys(accountTabs('buyer'))).toEqual(['contactDetails', 'passwordChange', 'deliveryAddress', 'paymentMethods', 'standingOrders', 'deleteAccount']);
    expect(keys(accountTabs('supplier'))).toEqual(['info', 'contactDetails', 'payments', 'paymentMethods', 'passwordChange', 'membership', 'deleteAccount']);
  });

  it('shows supplier pricing only to signed-in users', () => {
    expect(keys(pricingMenuItems(false))).toEqual(['buyers']);
    expect(keys(pricingMenuItems(true))).toEqual(['buyers', 'suppliers', 'services']);
  });

  it('links the footer to the static pages', () => {
    expect(footerLinks().map((l) => l.to)).toEqual(['/about', '/faq', '/contact-us', '/terms-of-service', '/privacy-policy']);
  });
});
