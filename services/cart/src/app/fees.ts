import { MEMBERSHIP_PLANS } from '@caskade/kit';

const SMALL = MEMBERSHIP_PLANS.find((p) => p.key === 'small');
if (!SMALL) throw new Error('the Small membership plan is missing');

/** Until memberships exist every supplier is on the Small plan (its platform fee). */
export const smallPlanFeeRate = async (): Promise<number> => SMALL.platformFee;
