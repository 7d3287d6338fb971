/**
 * Demo data for buying, embedded mode only: every supplier gets a sandbox payout account (so its
 * listings can be bought), the demo buyers get a default delivery address, and the Yarra Valley
 * supplier offers 30- and 60-day terms with a minimum order of 2. Idempotent: a restart seeds nothing twice.
 */
import { createClient, systemContext, type CallContext, type Logger } from '@caskade/kit';
import type { IdentityService } from '@caskade/identity';
import { cart, payments } from '@caskade/proto';

export async function seedDemoBuying(identity: IdentityService['deps'], addresses: Record<string, string>, logger: Logger, opts: { payoutAccounts: boolean } = { payoutAccounts: true }): Promise<void> {
  const pay = createClient(payments.PaymentsServiceService, addresses.PAYMENTS_ADDR ?? '');
  const carts = createClient(cart.CartServiceService, addresses.CART_ADDR ?? '');
  try {
    const users = await identity.db.selectFrom('users').select(['id', 'email', 'role', 'session_version']).where('deleted_at', 'is', null).execute();
    const as = (u: (typeof users)[number]): CallContext => ({ requestId: 'demo-seed', caller: { userId: u.id, role: u.role, scopes: [], sessionVersion: u.session_version } });
    for (const supplier of users.filter((u) => opts.payoutAccounts && u.role === 'supplier' && u.email !== 'newsupplier@example.com')) {
      await pay.createSandboxPayoutAccount({ supplierId: supplier.id }, systemContext('demo-seed'));
    }
    const yarra = users.find((u) => u.email === 'supplier@example.com');
    if (yarra) await carts.setSupplierTerms({ minimumOrderQuantity: 2, paymentTerms: ['30_days', '60_days'] }, as(yarra));
    for (const buyer of users.filter((u) => u.email === 'buyer@example.com' || u.email === 'limited@example.com')) {
      const existing = await carts.listDeliveryAddresses({}, as(buyer));
      if (existing.addresses.length > 0) continue;
      await carts.createDeliveryAddress({
        fields: {
          name: 'The Fitzroy Alehouse', street: '214 Brunswick Street', city: 'Fitzroy', state: 'VIC', country: 'AU', postalCode: '3065',
          phone: '0412345678', email: buyer.email, isDefault: true,
        },
      }, as(buyer));
    }
    logger.info('demo buying data ready (payout accounts, delivery addresses, terms)');
  } finally {
    pay.close();
    carts.close();
  }
}
