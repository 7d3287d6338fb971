import { expectAppError } from '@caskade/kit/testing';
import { PasswordResetRequested, VerificationRequested } from '../events/registry';
import { anon, as, buyer, describeIdentity, of, PASSWORD, accessCaller } from '../testing/harness';

describeIdentity('identity: password and email changes', (h, { test: it }) => {
  it('changes password and email only with the current password', async () => {
    const { client, flush, tokenFor } = h();
    const out = await client.signUp(buyer('change@example.com'), anon);
    await client.signUp(buyer('taken@example.com'), anon);
    // The session the sign-up opened: its token goes with each call, as the gateway forwards it.
    const ctx = of(out.session);
    const wrong = await expectAppError(client.changePassword({ currentPassword: 'nope-nope', newPassword: 'brand new password' }, ctx), 'validation-invalid-params');
    expect(wrong.meta?.fields).toEqual({ currentPassword: 'validation.passwordIncorrect' });
    const renewed = of((await client.changePassword({ currentPassword: PASSWORD, newPassword: 'brand new password' }, ctx)).session);
    await client.login({ email: 'change@example.com', password: 'brand new password' }, anon);
    // The session the change was made in is over; the one it returned goes on.
    await expectAppError(client.getCurrentUser({}, ctx), 'auth-unauthenticated');
    await expectAppError(client.changeEmail({ email: 'taken@example.com', currentPassword: 'brand new password' }, renewed), 'email-taken');
    const changed = await client.changeEmail({ email: 'changed@example.com', currentPassword: 'brand new password' }, renewed);
    expect(changed.user).toMatchObject({ email: 'changed@example.com', emailVerified: false });
    await flush();
    expect(tokenFor(VerificationRequested.subject, 'changed@example.com')).toMatch(/^[\w-]{43}$/);
  });

  it('signs every other session out when the password changes; the caller carries on in a fresh session', async () => {
    const { client, flush, tokenFor } = h();
    const a = await client.signUp(buyer('sessions@example.com'), anon);
    const b = await client.login({ email: 'sessions@example.com', password: PASSWORD }, anon);
    await client.requestPasswordReset({ email: 'sessions@example.com' }, anon);
    await flush();
    const resetToken = tokenFor(PasswordResetRequested.subject, 'sessions@example.com');
    const changed = await client.changePassword({ currentPassword: PASSWORD, newPassword: 'a changed password' }, as(a.user));
    expect(changed.session?.refreshToken).toMatch(/^[\w-]{43}$/);
    expect((await accessCaller(changed.session?.accessToken ?? ''))?.userId).toBe(a.user?.id);
    // Session B (another device) is dead; A goes on with the session it was given.
    await expectAppError(client.refresh({ refreshToken: b.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    await expect(client.refresh({ refreshToken: changed.session?.refreshToken ?? '' }, anon)).resolves.toMatchObject({ user: { id: a.user?.id } });
    // A reset link mailed before the change no longer works.
    await expectAppError(client.resetPassword({ email: 'sessions@example.com', token: resetToken, newPassword: 'an attacker password' }, anon), 'auth-token-invalid');
    await client.login({ email: 'sessions@example.com', password: 'a changed password' }, anon);
  });

  it('counts the verification email of an email change against the 5-a-day limit', async () => {
    const { client } = h();
    const out = await client.signUp(buyer('hop0@example.com'), anon); // the first of 5
    const ctx = as(out.user);
    for (let i = 1; i <= 4; i++) await client.changeEmail({ email: `hop${i}@example.com`, currentPassword: PASSWORD }, ctx);
    await expectAppError(client.changeEmail({ email: 'hop5@example.com', currentPassword: PASSWORD }, ctx), 'email-too-many-verification-requests');
    expect((await client.getCurrentUser({}, ctx)).user?.email).toBe('hop4@example.com');
    await expectAppError(client.sendVerificationEmail({}, ctx), 'email-too-many-verification-requests');
  });
});
