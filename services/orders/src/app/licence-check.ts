/**
 * The liquor-licence rule at checkout (ADR 042): a cart or listing holding liquor is bought only by
 * a buyer with a liquor licence on file. It reads the plan before anything is written or reserved,
 * so a preview is refused the same way. Identity is asked only when the plan holds liquor, and its
 * answer also fills the buyer-name memo the saga reads when it creates the orders, so a checkout
 * makes no more calls than before. A buyer seen with a licence is remembered for a while (a licence
 * is replaced, never removed); one seen without is asked again, so a licence just added counts at once.
 */
import { AppError, systemContext, type Caller } from '@caskade/kit';
import type { CheckoutPlan } from './checkout-saga';
import type { OrdersDeps } from './deps';

export async function requireLiquorLicence(deps: OrdersDeps, buyer: Caller, plan: CheckoutPlan): Promise<void> {
  const listingIds = [...new Set(plan.parts.flatMap((p) => p.lines.filter((l) => l.requiresLiquorLicence).map((l) => l.listingId)))];
  if (listingIds.length === 0 || deps.memo.licensedBuyers.get(buyer.userId) === true) return;
  const user = (await deps.identity.getUsers({ ids: [buyer.userId], withLiquorLicence: true }, systemContext())).users[0];
  // The same name the saga's buyer lookup stores: its company, else its person.
  if (user) deps.memo.buyerNames.set(buyer.userId, user.companyName || user.displayName);
  if (!user?.liquorLicenceOnFile) throw new AppError('transaction-liquor-licence-required', { listingIds });
  deps.memo.licensedBuyers.set(buyer.userId, true);
}
