/**
 * Membership plans and platform fees (calls-errors-constants §9): amounts in cents, AUD, before GST.
 * Read by the gateway's `GET /api/plans` only — the web app shows what the API answers and keeps
 * no copy. Moves to the subscriptions service's domain on that service's first day.
 */
export interface MembershipPlan {
  key: 'small' | 'medium' | 'large' | 'services';
  name: string;
  monthlyCents: number;
  /** Monthly sales volume included, in cents; null means unlimited. */
  volumeCents: number | null;
  /** Platform fee on sales, as a fraction. */
  platformFee: number;
  audience: string;
}

export const MEMBERSHIP_PLANS: readonly MembershipPlan[] = [
  { key: 'small', name: 'Small', monthlyCents: 9900, volumeCents: 750_000, platformFee: 0.045, audience: 'For new and small producers' },
  { key: 'medium', name: 'Medium', monthlyCents: 19900, volumeCents: 1_500_000, platformFee: 0.03, audience: 'For growing breweries, wineries and distilleries' },
  { key: 'large', name: 'Large', monthlyCents: 29900, volumeCents: null, platformFee: 0.025, audience: 'For established producers selling at volume' },
  { key: 'services', name: 'Services', monthlyCents: 8500, volumeCents: 1_000_000, platformFee: 0.04, audience: 'For canning, kegs, logistics and other trade services' },
];
