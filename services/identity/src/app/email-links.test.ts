import { AppError } from '@caskade/kit';
import { expectAppError } from '@caskade/kit/testing';
import { PasswordResetRequested, VerificationRequested } from '../events/registry';
import { anon, as, buyer, describeIdentity, PASSWORD } from '../testing/harness';

describeIdentity('identity: verification and password-reset links', (h, { test: it }) => {
  it('verifies an email once with the emailed token', async () => {
    const { client, flush, tokenFor } = h();
    const out = await client.signUp(buyer('verify@example.com'), anon);
    await flush();
    const token = tokenFor(VerificationRequested.subject, 'verify@example.com');
    await expectAppError(client.verifyEmail({ token: 'forged-token' }, anon), 'auth-token-invalid');
    const verified = await client.verifyEmail({ token }, anon);
    expect(verified.user?.emailVerified).toBe(true);
    expect(verified.user?.id).toBe(out.user?.id);
    await expectAppError(client.verifyEmail({ token }, anon), 'auth-token-invalid');
  });

  it('sends at most 5 verification emails a day, counting the sign-up one, even concurrently', async () => {
    const { client, clock } = h();
    const out = await client.signUp(buyer('limit@example.com'), anon);
    const ctx = as(out.user);
    const attempts = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(() => client.sendVerificationEmail({}, ctx)));
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(4);
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(refused.map((r) => (r.reason as AppError).code)).toEqual(['email-too-many-verification-requests', 'email-too-many-verification-requests']);
    clock.now += 24 * 60 * 60 * 1000 + 1000;
    await expect(client.sendVerificationEmail({}, ctx)).resolves.toMatchObject({ sentToday: 1 });
  });

  it('resets a forgotten password and signs out every session', async () => {
    const { client, flush, tokenFor } = h();
    const out = await client.signUp(buyer('forgot@example.com'), anon);
    await expectAppError(client.requestPasswordReset({ email: 'unknown@example.com' }, anon), 'email-not-found');
    await client.requestPasswordReset({ email: 'forgot@example.com' }, anon);
    await flush();
    const token = tokenFor(PasswordResetRequested.subject, 'forgot@example.com');
    await expectAppError(client.resetPassword({ email: 'forgot@example.com', token, newPassword: 'short' }, anon), 'validation-invalid-params');
    await expectAppError(client.resetPassword({ email: 'other@example.com', token, newPassword: 'a new long password' }, anon), 'auth-token-invalid');
    await client.resetPassword({ email: 'forgot@example.com', token, newPassword: 'a new long password' }, anon);
    await expectAppError(client.refresh({ refreshToken: out.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    await expectAppError(client.login({ email: 'forgot@example.com', password: PASSWORD }, anon), 'auth-invalid-credentials');
    const again = await client.login({ email: 'forgot@example.com', password: 'a new long password' }, anon);
    expect(again.user?.emailVerified).toBe(true);
    await expectAppError(client.resetPassword({ email: 'forgot@example.com', token, newPassword: 'another long password' }, anon), 'auth-token-invalid');
  });
});
