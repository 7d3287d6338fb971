/** docs/events.md is generated from the event registries; it must not fall behind them. */
import { readFileSync } from 'node:fs';
import { UserDeleted, VerificationRequested } from '@caskade/identity/events';
import { EVENTS_DOC_PATH, renderEventsDoc } from '../../scripts/events-doc';

describe('docs/events.md', () => {
  test('matches the registries (run `npm run events:doc` after changing an event or a consumer)', async () => {
    expect(readFileSync(EVENTS_DOC_PATH, 'utf8')).toBe(await renderEventsDoc());
  });

  test('lists each subject once, with its producer, payload message and consumers', async () => {
    const doc = await renderEventsDoc();
    const subjects = [...doc.matchAll(/^\| `([a-z_.]+)` \|/gm)].map((m) => m[1]);
    expect(subjects).toHaveLength(22);
    expect(new Set(subjects).size).toBe(22);
    expect(doc).toContain(`| \`${UserDeleted.subject}\` | identity | \`caskade.events.v1.UserDeleted\` | cart (\`cart-user-deleted\`), catalog (\`catalog-user-deleted\`), messaging (\`messaging-participants\`) |`);
    expect(doc).toContain('| `orders.checkout.purchased` | orders | `caskade.events.v1.CheckoutPurchased` | cart (`cart-checkout-purchased`) |');
    expect(doc).toContain('| `orders.checkout.placed` | orders | `caskade.events.v1.CheckoutPlaced` | cart (`cart-checkout-placed`) |');
    expect(doc).toContain('| `payments.payment.status_changed` | payments | `caskade.events.v1.PaymentStatusChanged` | orders (`orders-payment-status`) |');
    expect(doc).toContain(`| \`${VerificationRequested.subject}\` | identity | \`caskade.events.v1.VerificationEmailRequested\` | notifications (\`notifications-emails\`) |`);
  });
});
