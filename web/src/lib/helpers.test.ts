import { describe, expect, it } from '@jest/globals';
import { cartBadgeLabel } from './badge';
import { isChunkLoadError } from './chunkError';
import { linksInText, splitLinks, withLinksInNewTab } from './emailLinks';
import { showsLimitedAccessBanner } from '../components/LimitedAccessBanner';
import { reminderApplies } from '../components/EmailVerificationReminder';
import { formatMoney, formatPercent } from '../i18n/format';

describe('small web helpers', () => {
  it('labels the cart badge', () => {
    expect([0, 1, 9, 10, 42].map(cartBadgeLabel)).toEqual([null, '1', '9', '9+', '9+']);
  });

  it('recognises chunk-load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('finds and splits links in email text', () => {
    const text = 'Verify: http://localhost:3000/verify-email?token=abc.def\nThanks';
    expect(linksInText(text)).toEqual(['http://localhost:3000/verify-email?token=abc.def']);
    expect(splitLinks(text)).toEqual([
      { text: 'Verify: ' },
      { text: 'http://localhost:3000/verify-email?token=abc.def', href: 'http://localhost:3000/verify-email?token=abc.def' },
      { text: '\nThanks' },
    ]);
    expect(withLinksInNewTab('<html><head><title>x</title></head></html>')).toBe('<html><head><base target="_blank"><title>x</title></head></html>');
    expect(withLinksInNewTab('<p>x</p>')).toBe('<base target="_blank"><p>x</p>');
  });

  it('shows the limited-access banner only for exactly [user:limited], not on search', () => {
    expect(showsLimitedAccessBanner({ id: 'u', scopes: ['user:limited'] }, 'LandingPage')).toBe(true);
    expect(showsLimitedAccessBanner({ id: 'u', scopes: ['user:limited'] }, 'SearchPage')).toBe(false);
    expect(showsLimitedAccessBanner({ id: 'u', scopes: ['user:limited', 'other'] }, 'LandingPage')).toBe(false);
    expect(showsLimitedAccessBanner({ id: 'u', scopes: [] }, 'LandingPage')).toBe(false);
    expect(showsLimitedAccessBanner(null, 'LandingPage')).toBe(false);
  });

  it('shows the verification reminder to unverified users with listings, away from the auth pages', () => {
    const unverified = { emailVerified: false, role: 'supplier' as const };
    expect(reminderApplies(unverified, 'LandingPage', true)).toBe(true);
    for (const page of ['LoginPage', 'BuyerSignupPage', 'SupplierSignupPage', 'ContactDetailsPage', 'EmailVerificationPage', 'PasswordResetPage', 'StripePayoutPage']) {
      expect(reminderApplies(unverified, page, true)).toBe(false);
    }
    // No listings (a new supplier, or a buyer: orders don't exist yet): no reminder.
    expect(reminderApplies(unverified, 'LandingPage', false)).toBe(false);
    expect(reminderApplies({ emailVerified: false, role: 'buyer' }, 'LandingPage', false)).toBe(false);
    expect(reminderApplies({ emailVerified: true, role: 'supplier' }, 'LandingPage', true)).toBe(false);
    expect(reminderApplies({ emailVerified: false, role: 'operator' }, 'LandingPage', true)).toBe(false);
    expect(reminderApplies(unverified, undefined, true)).toBe(false);
    expect(reminderApplies(null, 'LandingPage', true)).toBe(false);
  });

  it('formats AUD money and percentages the en-AU way', () => {
    expect(formatMoney(9900)).toBe('$99.00');
    expect(formatMoney(9900, { dropWholeCents: true })).toBe('$99');
    expect(formatMoney(750_000, { dropWholeCents: true })).toBe('$7,500');
    expect(formatMoney(990)).toBe('$9.90');
    expect(formatPercent(0.045)).toBe('4.5%');
  });
});
