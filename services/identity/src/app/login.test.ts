import type { CallContext } from '@caskade/kit';
import { expectAppError } from '@caskade/kit/testing';
import { identity } from '@caskade/proto';
import { REFRESH_REUSE_GRACE_MS } from '../domain/tokens';
import { SessionsRevoked } from '../events/registry';
import { ensureAccounts } from '../index';
import { anon, as, buyer, describeIdentity, of, PASSWORD, accessCaller } from '../testing/harness';

describeIdentity('identity: login, refresh, logout and bans', (h, { test: it }) => {
  it('logs in with the right password only, and never a banned user', async () => {
    const { client, svc } = h();
    await client.signUp(buyer('login@example.com'), anon);
    const ok = await client.login({ email: 'Login@Example.com', password: PASSWORD }, anon);
    expect(ok.user?.email).toBe('login@example.com');
    await expectAppError(client.login({ email: 'login@example.com', password: 'wrong password!' }, anon), 'auth-invalid-credentials');
    await expectAppError(client.login({ email: 'nobody@example.com', password: 'whatever123' }, anon), 'auth-invalid-credentials');
    await svc.db.updateTable('users').set({ banned: true }).where('email', '=', 'login@example.com').execute();
    await expectAppError(client.login({ email: 'login@example.com', password: PASSWORD }, anon), 'auth-user-banned');
    await expectAppError(client.refresh({ refreshToken: ok.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
  });

  it('rotates refresh tokens; a reused old token revokes the whole family', async () => {
    const { client, clock } = h();
    const start = await client.signUp(buyer('rotate@example.com'), anon);
    const first = start.session?.refreshToken ?? '';
    const second = (await client.refresh({ refreshToken: first }, anon)).session?.refreshToken ?? '';
    expect(second).not.toBe(first);
    // Within the grace window a parallel request with the old token gets an access token, not a new refresh token.
    const parallel = await client.refresh({ refreshToken: first }, anon);
    expect((await accessCaller(parallel.session?.accessToken ?? ''))?.userId).toBe(start.user?.id);
    expect(parallel.session?.refreshToken).toBe('');
    clock.now += REFRESH_REUSE_GRACE_MS + 1000;
    await expectAppError(client.refresh({ refreshToken: first }, anon), 'auth-unauthenticated');
    await expectAppError(client.refresh({ refreshToken: second }, anon), 'auth-unauthenticated');
  });

  it('refuses a banned user’s calls at once, though the access token is still valid', async () => {
    const { client, svc } = h();
    const out = await client.signUp(buyer('banned@example.com'), anon);
    const ctx = as(out.user);
    await expect(client.getCurrentUser({}, ctx)).resolves.toMatchObject({ user: { email: 'banned@example.com' } });
    await svc.db.updateTable('users').set({ banned: true }).where('id', '=', out.user?.id ?? '').execute();
    await expectAppError(client.getCurrentUser({}, ctx), 'forbidden');
    await expectAppError(client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ bio: 'still here' }) }, ctx), 'forbidden');
    await expectAppError(client.sendVerificationEmail({}, ctx), 'forbidden');
    await expectAppError(client.changePassword({ currentPassword: PASSWORD, newPassword: 'banned but trying' }, ctx), 'forbidden');
  });

  it('revokes every session at once on logout, ban and deletion: older tokens are refused, and the revocation is published', async () => {
    const { client, svc, events, flush } = h();
    const operatorIds = await ensureAccounts(svc.deps, [{ email: 'ops-revoke@example.com', password: 'Operator-pass-2026', role: 'operator', profile: { firstName: 'O', lastName: 'P' } }]);
    const operatorCtx: CallContext = { requestId: 'test', caller: { userId: operatorIds.get('ops-revoke@example.com') ?? '', role: 'operator', scopes: [] } };
    const revocations = (userId: string) => events.filter((e) => e.type === SessionsRevoked.subject && e.aggregateId === userId).map((e) => e.data);

    // Logout on one device ends the sessions of every device.
    const a = await client.signUp(buyer('revoke-logout@example.com'), anon);
    const b = await client.login({ email: 'revoke-logout@example.com', password: PASSWORD }, anon);
    const userId = a.user?.id ?? '';
    await expect(client.getCurrentUser({}, of(b.session))).resolves.toMatchObject({ user: { id: userId } });
    await client.logout({ refreshToken: a.session?.refreshToken ?? '' }, anon);
    await expectAppError(client.getCurrentUser({}, of(a.session)), 'auth-unauthenticated');
    await expectAppError(client.getCurrentUser({}, of(b.session)), 'auth-unauthenticated');
    await expectAppError(client.refresh({ refreshToken: b.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    const again = await client.login({ email: 'revoke-logout@example.com', password: PASSWORD }, anon);
    expect((await accessCaller(again.session?.accessToken ?? ''))?.sessionVersion).toBe(1);
    await expect(client.getCurrentUser({}, of(again.session))).resolves.toMatchObject({ user: { id: userId } });
    await flush();
    expect(revocations(userId)).toEqual([{ userId, sessionVersion: 1, status: 'active' }]);

    // A ban by the operator: refused at once (403), even with the newest token; unbanning lets a new login work.
    await expectAppError(client.setUserBanned({ userId, banned: true }, of(again.session)), 'forbidden');
    await expect(client.setUserBanned({ userId, banned: true }, operatorCtx)).resolves.toMatchObject({ user: { id: userId, banned: true } });
    await expectAppError(client.getCurrentUser({}, of(again.session)), 'forbidden');
    await expectAppError(client.login({ email: 'revoke-logout@example.com', password: PASSWORD }, anon), 'auth-user-banned');
    await client.setUserBanned({ userId, banned: false }, operatorCtx);
    await expectAppError(client.getCurrentUser({}, of(again.session)), 'auth-unauthenticated');
    const back = await client.login({ email: 'revoke-logout@example.com', password: PASSWORD }, anon);
    await expect(client.getCurrentUser({}, of(back.session))).resolves.toMatchObject({ user: { id: userId } });
    await expectAppError(client.setUserBanned({ userId: operatorCtx.caller?.userId ?? '', banned: true }, operatorCtx), 'forbidden');
    await expectAppError(client.setUserBanned({ userId: 'not-a-uuid', banned: true }, operatorCtx), 'not-found');

    // Deletion: the account's tokens are refused as if it did not exist.
    await client.deleteAccount({ currentPassword: PASSWORD }, of(back.session));
    await expectAppError(client.getCurrentUser({}, of(back.session)), 'auth-unauthenticated');
    await flush();
    expect(revocations(userId).map((r) => (r as { status: string }).status)).toEqual(['active', 'banned', 'active', 'deleted']);
  });
});
