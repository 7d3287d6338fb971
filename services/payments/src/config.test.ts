import { paymentsEnv, stripeKeysOf } from './config';

describe('payments config', () => {
  test('no Stripe keys: the sandbox; all three: Stripe; a partial set is refused naming the missing keys', () => {
    expect(stripeKeysOf(paymentsEnv.parse({}))).toBeNull();
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(stripeKeysOf(paymentsEnv.parse(keys))).toEqual({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' });
    const partial = paymentsEnv.safeParse({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: '' });
    expect(partial.success).toBe(false);
    expect(partial.error?.issues.map((i) => i.path.join('.'))).toEqual(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(paymentsEnv.safeParse({ ...keys, STRIPE_SECRET_KEY: 'pk_wrong' }).success).toBe(false);
  });

  test('bank details default to the demo account', () => {
    expect(paymentsEnv.parse({})).toMatchObject({ BANK_ACCOUNT_NAME: 'Caskade Marketplace Pty Ltd', BANK_BSB: '062-000', BANK_ACCOUNT_NUMBER: '12345678', SANDBOX_BECS_SETTLE_SECONDS: 3 });
  });
});
