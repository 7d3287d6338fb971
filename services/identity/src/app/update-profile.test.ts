import type { CallContext } from '@caskade/kit';
import { expectAppError } from '@caskade/kit/testing';
import { identity } from '@caskade/proto';
import { UserProfileChanged } from '../events/registry';
import { ensureAccounts } from '../index';
import { anon, as, buyer, describeIdentity, of, PASSWORD, supplier, accessCaller } from '../testing/harness';

describeIdentity('identity: profile, user type, deletion and limited access', (h, { test: it }) => {
  it('updates the profile with validation; suppliers only for supplier fields', async () => {
    const { client } = h();
    const out = await client.signUp(buyer('profile@example.com'), anon);
    const ctx = as(out.user);
    const updated = await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ bio: 'Craft beer bar in Fitzroy', phoneNumber: '0400000001' }) }, ctx);
    expect(updated.user?.profile).toMatchObject({ bio: 'Craft beer bar in Fitzroy', phoneNumber: '+61400000001', firstName: 'Ava' });
    const bad = await expectAppError(client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ phoneNumber: 'abc' }) }, ctx), 'validation-invalid-params');
    expect(bad.meta?.fields).toEqual({ phoneNumber: 'validation.phoneInvalid' });
    await expectAppError(client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ brandName: 'Sneaky' }) }, ctx), 'forbidden');
    await expectAppError(client.getCurrentUser({}, anon), 'auth-unauthenticated');
  });

  it('tells the catalog when a supplier’s brand or display name changes, and only then', async () => {
    const { client, events, flush } = h();
    const out = await client.signUp(supplier('rename@example.com', 'Old Mill'), anon);
    const ctx = as(out.user);
    const userId = out.user?.id ?? '';
    const changes = () => events.filter((e) => e.type === UserProfileChanged.subject && e.aggregateId === userId);
    await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ bio: 'Stone-milled malt', phoneNumber: '0400000002' }) }, ctx);
    await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ brandName: 'New Mill' }) }, ctx);
    await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ lastName: 'Miller' }) }, ctx);
    await flush();
    expect(changes().map((e) => e.data)).toEqual([
      { userId, role: 'supplier', displayName: 'Sam Brewer', brandName: 'New Mill' },
      { userId, role: 'supplier', displayName: 'Sam Miller', brandName: 'New Mill' },
    ]);
    const [first, second] = changes();
    expect((second?.aggregateVersion ?? 0) > (first?.aggregateVersion ?? 0)).toBe(true);
    // A buyer has no brand page: no event.
    const buyerOut = await client.signUp(buyer('rename-buyer@example.com'), anon);
    await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ lastName: 'Lee' }) }, as(buyerOut.user));
    await flush();
    expect(events.some((e) => e.type === UserProfileChanged.subject && e.aggregateId === buyerOut.user?.id)).toBe(false);
  });

  it('deletes an account with the current password; the email can be used again', async () => {
    const { client } = h();
    const out = await client.signUp(buyer('delete@example.com'), anon);
    const ctx = as(out.user);
    await expectAppError(client.deleteAccount({ currentPassword: 'wrong one!' }, ctx), 'validation-invalid-params');
    await client.deleteAccount({ currentPassword: PASSWORD }, ctx);
    await expectAppError(client.login({ email: 'delete@example.com', password: PASSWORD }, anon), 'auth-invalid-credentials');
    await expectAppError(client.getCurrentUser({}, ctx), 'auth-unauthenticated');
    await expectAppError(client.refresh({ refreshToken: out.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    const publicView = await client.getUsers({ ids: [out.user?.id ?? ''] }, anon);
    expect(publicView.users[0]).toMatchObject({ deleted: true, displayName: '' });
    await expect(client.signUp(buyer('delete@example.com'), anon)).resolves.toMatchObject({ user: { email: 'delete@example.com' } });
  });

  it('switches buyer and supplier but never makes an operator', async () => {
    const { client } = h();
    const out = await client.signUp(buyer('switch@example.com'), anon);
    const switched = await client.setUserType({ userType: 'supplier' }, as(out.user));
    expect(switched.user?.role).toBe('supplier');
    await expectAppError(client.setUserType({ userType: 'operator' }, of(switched.session)), 'validation-invalid-params');
  });

  it('reissues the session with the new role when the user type changes; the old refresh token is dead', async () => {
    const { client } = h();
    const out = await client.signUp(buyer('retype@example.com'), anon);
    const switched = await client.setUserType({ userType: 'supplier' }, as(out.user));
    expect((await accessCaller(switched.session?.accessToken ?? ''))).toMatchObject({ userId: out.user?.id, role: 'supplier' });
    await expectAppError(client.refresh({ refreshToken: out.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    const renewed = await client.refresh({ refreshToken: switched.session?.refreshToken ?? '' }, anon);
    expect((await accessCaller(renewed.session?.accessToken ?? ''))?.role).toBe('supplier');
    // Asking for the type it already has changes nothing and issues nothing.
    expect((await client.setUserType({ userType: 'supplier' }, of(switched.session))).session).toBeUndefined();
  });

  it('lets a limited-access login read and edit its profile but not change the account', async () => {
    const { client, svc } = h();
    const ids = await ensureAccounts(svc.deps, [{ email: 'limited-unit@example.com', password: 'Limited-pass-2026', role: 'buyer', profile: { firstName: 'Lim', lastName: 'Ited' }, scopes: ['user:limited'] }]);
    const ctx: CallContext = { requestId: 'test', caller: { userId: ids.get('limited-unit@example.com') ?? '', role: 'buyer', scopes: ['user:limited'] } };
    expect((await client.getCurrentUser({}, ctx)).user?.scopes).toEqual(['user:limited']);
    await expect(client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ bio: 'Just looking' }) }, ctx)).resolves.toMatchObject({ user: { profile: { bio: 'Just looking' } } });
    const current = 'Limited-pass-2026';
    await expectAppError(client.changePassword({ currentPassword: current, newPassword: 'another password' }, ctx), 'forbidden');
    await expectAppError(client.changeEmail({ email: 'elsewhere@example.com', currentPassword: current }, ctx), 'forbidden');
    await expectAppError(client.deleteAccount({ currentPassword: current }, ctx), 'forbidden');
    await expectAppError(client.setUserType({ userType: 'supplier' }, ctx), 'forbidden');
  });
});
