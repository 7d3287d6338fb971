import { AppError, verifyAccessToken, type CallContext, type PromiseClient } from '@caskade/kit';
import { expectAppError, describeOnBackends } from '@caskade/kit/testing';
import { identity } from '@caskade/proto';
import { REFRESH_REUSE_GRACE_MS } from './domain/tokens';
import { identityEnv } from './config';
import { ensureAccounts, type IdentityService } from './index';
import { startIdentityHarness, type IdentityHarness } from './testing/harness';
import { PasswordResetRequested, SessionsRevoked, UserProfileChanged, UserSignedUp, VerificationRequested } from './events/registry';

const SECRET = 'x'.repeat(40);

const anon: CallContext = { requestId: 'test', caller: null };
const as = (user: identity.User | undefined): CallContext => ({
  requestId: 'test',
  caller: { userId: user?.id ?? '', role: (user?.role ?? 'buyer') as 'buyer', scopes: [] },
});
/** The caller a session's access token names, as the gateway forwards it (with its session version). */
const of = (session: identity.Session | undefined): CallContext => ({ requestId: 'test', caller: verifyAccessToken(session?.accessToken ?? '', SECRET) });

const buyer = (email: string): identity.SignUpRequest => ({
  userType: 'buyer',
  email,
  password: 'correct horse battery',
  agreeTerms: true,
  profile: identity.Profile.fromPartial({
    firstName: 'Ava', lastName: 'Nguyen', companyName: 'Fitzroy Cellars', abnAcn: '51 824 753 556', phoneNumber: '0412 345 678', favouriteCategories: ['beer'],
  }),
});

const supplier = (email: string, brand: string): identity.SignUpRequest => ({
  userType: 'supplier',
  email,
  password: 'correct horse battery',
  agreeTerms: true,
  profile: identity.Profile.fromPartial({
    firstName: 'Sam', lastName: 'Brewer', companyName: `${brand} Co`, abnAcn: '004085616', phoneNumber: '+61398765432',
    brandName: brand, businessName: `${brand} Pty Ltd`, legalEntityName: `${brand} Holdings`, address: '1 Lane, Healesville VIC', contactNumber: '0398765432',
  }),
});


describeOnBackends('identity service', (backend, { beforeAll, afterAll, test: it }) => {
  let h: IdentityHarness;
  let svc: IdentityService;
  let client: PromiseClient<typeof identity.IdentityServiceService>;

  beforeAll(async () => {
    h = await startIdentityHarness(backend, { jwtSecret: SECRET });
    ({ svc, client } = h);
  }, 30_000);

  afterAll(async () => {
    await h.stop();
  });

  const tokenFor = (type: string, email: string): string => {
    const e = [...h.events].reverse().find((ev) => ev.type === type && (ev.data as { email: string }).email === email);
    const token = (e?.data as { token?: string } | undefined)?.token;
    if (!token) throw new Error(`no ${type} event for ${email}`);
    return token;
  };
  const flush = () => svc.relay.flush();

  it('signs a buyer up, logs them in and queues exactly one verification email', async () => {
    const out = await client.signUp(buyer('ava@example.com'), anon);
    expect(out.user).toMatchObject({ email: 'ava@example.com', emailVerified: false, role: 'buyer' });
    expect(out.user?.profile).toMatchObject({ displayName: 'Ava Nguyen', abbreviatedName: 'AN', abnAcn: '51824753556' });
    expect(verifyAccessToken(out.session?.accessToken ?? '', SECRET)).toMatchObject({ userId: out.user?.id, role: 'buyer', sessionVersion: 0 });
    expect(out.session?.refreshToken).toMatch(/^[\w-]{43}$/);
    await flush();
    expect(h.events.filter((e) => e.type === VerificationRequested.subject && e.aggregateId === out.user?.id)).toHaveLength(1);
    expect(h.events.some((e) => e.type === UserSignedUp.subject && e.aggregateId === out.user?.id)).toBe(true);
    expect(JSON.stringify(h.events)).not.toContain('correct horse battery');
  });

  it('rejects invalid fields with their names and changes nothing', async () => {
    const bad = buyer('not-an-email');
    bad.password = 'short';
    bad.agreeTerms = false;
    bad.profile = identity.Profile.fromPartial({ ...bad.profile, abnAcn: '12345678901', phoneNumber: '12', firstName: '  ' });
    const err = await expectAppError(client.signUp(bad, anon), 'validation-invalid-params');
    expect(err.meta?.fields).toMatchObject({
      email: 'validation.emailInvalid',
      password: 'validation.passwordTooShort',
      agreeTermsAndConditions: 'validation.termsRequired',
      abnAcn: 'validation.abnAcnInvalid',
      phoneNumber: 'validation.phoneInvalid',
      firstName: 'validation.required',
    });
    expect((await client.checkEmailAvailable({ email: 'not-an-email@x.io' }, anon)).available).toBe(true);
  });

  it('answers email-taken for a duplicate, even when two sign-ups race', async () => {
    const results = await Promise.allSettled([client.signUp(buyer('race@example.com'), anon), client.signUp(buyer('RACE@example.com'), anon)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect((rejected?.reason as AppError).code).toBe('email-taken');
    expect((await client.checkEmailAvailable({ email: 'race@example.com' }, anon)).available).toBe(false);
  });

  it('keeps supplier brand and business names unique and distinct', async () => {
    await client.signUp(supplier('hops@example.com', 'Hop Hill'), anon);
    expect((await client.checkNameAvailable({ name: '  hop   HILL ' }, anon)).available).toBe(false);
    expect((await client.checkNameAvailable({ name: 'Hop Hill Pty Ltd' }, anon)).available).toBe(false);
    expect((await client.checkNameAvailable({ name: 'Malt Mountain' }, anon)).available).toBe(true);
    await expectAppError(client.signUp(supplier('other@example.com', 'hop hill'), anon), 'name-taken');
    const same = supplier('same@example.com', 'Same Name');
    same.profile = identity.Profile.fromPartial({ ...same.profile, businessName: 'same name' });
    const err = await expectAppError(client.signUp(same, anon), 'validation-invalid-params');
    expect(err.meta?.fields).toMatchObject({ businessName: 'validation.businessNameSameAsBrand' });
  });

  it('logs in with the right password only, and never a banned user', async () => {
    await client.signUp(buyer('login@example.com'), anon);
    const ok = await client.login({ email: 'Login@Example.com', password: 'correct horse battery' }, anon);
    expect(ok.user?.email).toBe('login@example.com');
    await expectAppError(client.login({ email: 'login@example.com', password: 'wrong password!' }, anon), 'auth-invalid-credentials');
    await expectAppError(client.login({ email: 'nobody@example.com', password: 'whatever123' }, anon), 'auth-invalid-credentials');
    await svc.db.updateTable('users').set({ banned: true }).where('email', '=', 'login@example.com').execute();
    await expectAppError(client.login({ email: 'login@example.com', password: 'correct horse battery' }, anon), 'auth-user-banned');
    await expectAppError(client.refresh({ refreshToken: ok.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
  });

  it('rotates refresh tokens; a reused old token revokes the whole family', async () => {
    const start = await client.signUp(buyer('rotate@example.com'), anon);
    const first = start.session?.refreshToken ?? '';
    const second = (await client.refresh({ refreshToken: first }, anon)).session?.refreshToken ?? '';
    expect(second).not.toBe(first);
    // Within the grace window a parallel request with the old token gets an access token, not a new refresh token.
    const parallel = await client.refresh({ refreshToken: first }, anon);
    expect(verifyAccessToken(parallel.session?.accessToken ?? '', SECRET)?.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(parallel.session?.refreshToken).toBe('');
    h.clock.now += REFRESH_REUSE_GRACE_MS + 1000;
    await expectAppError(client.refresh({ refreshToken: first }, anon), 'auth-unauthenticated');
    await expectAppError(client.refresh({ refreshToken: second }, anon), 'auth-unauthenticated');
  });

  it('verifies an email once with the emailed token', async () => {
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
    const out = await client.signUp(buyer('limit@example.com'), anon);
    const ctx = as(out.user);
    const attempts = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(() => client.sendVerificationEmail({}, ctx)));
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(4);
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(refused.map((r) => (r.reason as AppError).code)).toEqual(['email-too-many-verification-requests', 'email-too-many-verification-requests']);
    h.clock.now += 24 * 60 * 60 * 1000 + 1000;
    await expect(client.sendVerificationEmail({}, ctx)).resolves.toMatchObject({ sentToday: 1 });
  });

  it('resets a forgotten password and signs out every session', async () => {
    const out = await client.signUp(buyer('forgot@example.com'), anon);
    await expectAppError(client.requestPasswordReset({ email: 'unknown@example.com' }, anon), 'email-not-found');
    await client.requestPasswordReset({ email: 'forgot@example.com' }, anon);
    await flush();
    const token = tokenFor(PasswordResetRequested.subject, 'forgot@example.com');
    await expectAppError(client.resetPassword({ email: 'forgot@example.com', token, newPassword: 'short' }, anon), 'validation-invalid-params');
    await expectAppError(client.resetPassword({ email: 'other@example.com', token, newPassword: 'a new long password' }, anon), 'auth-token-invalid');
    await client.resetPassword({ email: 'forgot@example.com', token, newPassword: 'a new long password' }, anon);
    await expectAppError(client.refresh({ refreshToken: out.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    await expectAppError(client.login({ email: 'forgot@example.com', password: 'correct horse battery' }, anon), 'auth-invalid-credentials');
    const again = await client.login({ email: 'forgot@example.com', password: 'a new long password' }, anon);
    expect(again.user?.emailVerified).toBe(true);
    await expectAppError(client.resetPassword({ email: 'forgot@example.com', token, newPassword: 'another long password' }, anon), 'auth-token-invalid');
  });

  it('changes password and email only with the current password', async () => {
    const out = await client.signUp(buyer('change@example.com'), anon);
    await client.signUp(buyer('taken@example.com'), anon);
    const ctx = as(out.user);
    const wrong = await expectAppError(client.changePassword({ currentPassword: 'nope-nope', newPassword: 'brand new password' }, ctx), 'validation-invalid-params');
    expect(wrong.meta?.fields).toEqual({ currentPassword: 'validation.passwordIncorrect' });
    const renewed = of((await client.changePassword({ currentPassword: 'correct horse battery', newPassword: 'brand new password' }, ctx)).session);
    await client.login({ email: 'change@example.com', password: 'brand new password' }, anon);
    // The session the change was made in is over; the one it returned goes on.
    await expectAppError(client.getCurrentUser({}, ctx), 'auth-unauthenticated');
    await expectAppError(client.changeEmail({ email: 'taken@example.com', currentPassword: 'brand new password' }, renewed), 'email-taken');
    const changed = await client.changeEmail({ email: 'changed@example.com', currentPassword: 'brand new password' }, renewed);
    expect(changed.user).toMatchObject({ email: 'changed@example.com', emailVerified: false });
    await flush();
    expect(tokenFor(VerificationRequested.subject, 'changed@example.com')).toMatch(/^[\w-]{43}$/);
  });

  it('updates the profile with validation; suppliers only for supplier fields', async () => {
    const out = await client.signUp(buyer('profile@example.com'), anon);
    const ctx = as(out.user);
    const updated = await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ bio: 'Craft beer bar in Fitzroy', phoneNumber: '0400000001' }) }, ctx);
    expect(updated.user?.profile).toMatchObject({ bio: 'Craft beer bar in Fitzroy', phoneNumber: '0400000001', firstName: 'Ava' });
    const bad = await expectAppError(client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ phoneNumber: 'abc' }) }, ctx), 'validation-invalid-params');
    expect(bad.meta?.fields).toEqual({ phoneNumber: 'validation.phoneInvalid' });
    await expectAppError(client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ brandName: 'Sneaky' }) }, ctx), 'forbidden');
    await expectAppError(client.getCurrentUser({}, anon), 'auth-unauthenticated');
  });

  it('tells the catalog when a supplier’s brand or display name changes, and only then', async () => {
    const out = await client.signUp(supplier('rename@example.com', 'Old Mill'), anon);
    const ctx = as(out.user);
    const userId = out.user?.id ?? '';
    const changes = () => h.events.filter((e) => e.type === UserProfileChanged.subject && e.aggregateId === userId);
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
    expect(h.events.some((e) => e.type === UserProfileChanged.subject && e.aggregateId === buyerOut.user?.id)).toBe(false);
  });

  it('deletes an account with the current password; the email can be used again', async () => {
    const out = await client.signUp(buyer('delete@example.com'), anon);
    const ctx = as(out.user);
    await expectAppError(client.deleteAccount({ currentPassword: 'wrong one!' }, ctx), 'validation-invalid-params');
    await client.deleteAccount({ currentPassword: 'correct horse battery' }, ctx);
    await expectAppError(client.login({ email: 'delete@example.com', password: 'correct horse battery' }, anon), 'auth-invalid-credentials');
    await expectAppError(client.getCurrentUser({}, ctx), 'auth-unauthenticated');
    await expectAppError(client.refresh({ refreshToken: out.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    const publicView = await client.getUsers({ ids: [out.user?.id ?? ''] }, anon);
    expect(publicView.users[0]).toMatchObject({ deleted: true, displayName: '' });
    await expect(client.signUp(buyer('delete@example.com'), anon)).resolves.toMatchObject({ user: { email: 'delete@example.com' } });
  });

  it('switches buyer and supplier but never makes an operator', async () => {
    const out = await client.signUp(buyer('switch@example.com'), anon);
    const switched = await client.setUserType({ userType: 'supplier' }, as(out.user));
    expect(switched.user?.role).toBe('supplier');
    await expectAppError(client.setUserType({ userType: 'operator' }, of(switched.session)), 'validation-invalid-params');
  });

  it('signs every other session out when the password changes; the caller carries on in a fresh session', async () => {
    const a = await client.signUp(buyer('sessions@example.com'), anon);
    const b = await client.login({ email: 'sessions@example.com', password: 'correct horse battery' }, anon);
    await client.requestPasswordReset({ email: 'sessions@example.com' }, anon);
    await flush();
    const resetToken = tokenFor(PasswordResetRequested.subject, 'sessions@example.com');
    const changed = await client.changePassword({ currentPassword: 'correct horse battery', newPassword: 'a changed password' }, as(a.user));
    expect(changed.session?.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(verifyAccessToken(changed.session?.accessToken ?? '', SECRET)?.userId).toBe(a.user?.id);
    // Session B (another device) is dead; A goes on with the session it was given.
    await expectAppError(client.refresh({ refreshToken: b.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    await expect(client.refresh({ refreshToken: changed.session?.refreshToken ?? '' }, anon)).resolves.toMatchObject({ user: { id: a.user?.id } });
    // A reset link mailed before the change no longer works.
    await expectAppError(client.resetPassword({ email: 'sessions@example.com', token: resetToken, newPassword: 'an attacker password' }, anon), 'auth-token-invalid');
    await client.login({ email: 'sessions@example.com', password: 'a changed password' }, anon);
  });

  it('reissues the session with the new role when the user type changes; the old refresh token is dead', async () => {
    const out = await client.signUp(buyer('retype@example.com'), anon);
    const switched = await client.setUserType({ userType: 'supplier' }, as(out.user));
    expect(verifyAccessToken(switched.session?.accessToken ?? '', SECRET)).toMatchObject({ userId: out.user?.id, role: 'supplier' });
    await expectAppError(client.refresh({ refreshToken: out.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    const renewed = await client.refresh({ refreshToken: switched.session?.refreshToken ?? '' }, anon);
    expect(verifyAccessToken(renewed.session?.accessToken ?? '', SECRET)?.role).toBe('supplier');
    // Asking for the type it already has changes nothing and issues nothing.
    expect((await client.setUserType({ userType: 'supplier' }, of(switched.session))).session).toBeUndefined();
  });

  it('counts the verification email of an email change against the 5-a-day limit', async () => {
    const out = await client.signUp(buyer('hop0@example.com'), anon); // the first of 5
    const ctx = as(out.user);
    for (let i = 1; i <= 4; i++) await client.changeEmail({ email: `hop${i}@example.com`, currentPassword: 'correct horse battery' }, ctx);
    await expectAppError(client.changeEmail({ email: 'hop5@example.com', currentPassword: 'correct horse battery' }, ctx), 'email-too-many-verification-requests');
    expect((await client.getCurrentUser({}, ctx)).user?.email).toBe('hop4@example.com');
    await expectAppError(client.sendVerificationEmail({}, ctx), 'email-too-many-verification-requests');
  });

  it('keeps brand and business names unique across both columns, at sign-up and on profile updates', async () => {
    const first = await client.signUp(supplier('cross1@example.com', 'Cross Brew'), anon); // business name "Cross Brew Pty Ltd"
    const clash = supplier('cross2@example.com', 'cross brew pty ltd');
    const err = await expectAppError(client.signUp(clash, anon), 'name-taken');
    expect(err.meta?.fields).toEqual({ brandName: 'name-taken' });
    await expect(client.checkEmailAvailable({ email: 'cross2@example.com' }, anon)).resolves.toMatchObject({ available: true });
    const businessClash = supplier('cross3@example.com', 'Another Brew');
    businessClash.profile = identity.Profile.fromPartial({ ...businessClash.profile, businessName: 'CROSS BREW' });
    expect((await expectAppError(client.signUp(businessClash, anon), 'name-taken')).meta?.fields).toEqual({ businessName: 'name-taken' });

    const second = await client.signUp(supplier('cross4@example.com', 'Second Still'), anon);
    const update = await expectAppError(
      client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ brandName: 'Cross Brew Pty Ltd' }) }, as(second.user)),
      'name-taken',
    );
    expect(update.meta?.fields).toEqual({ brandName: 'name-taken' });
    // Swapping one's own brand and business names is fine; a released name is free again.
    await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ brandName: 'Second Still Pty Ltd', businessName: 'Second Still' }) }, as(second.user));
    await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ brandName: 'Cross Brew Renamed' }) }, as(first.user));
    await client.deleteAccount({ currentPassword: 'correct horse battery' }, as(first.user));
    await expect(client.signUp(supplier('cross5@example.com', 'Cross Brew'), anon)).resolves.toMatchObject({ user: { email: 'cross5@example.com' } });
  });

  it('keeps the name check and sign-up in agreement when a supplier switches to buyer or renames', async () => {
    const available = async (name: string) => (await client.checkNameAvailable({ name }, anon)).available;
    const out = await client.signUp(supplier('switcher@example.com', 'Switch Back Brewing'), anon);
    const switched = await client.setUserType({ userType: 'buyer' }, as(out.user));
    const asBuyer = of(switched.session);
    expect(switched.user?.role).toBe('buyer');
    // A profile edit as a buyer keeps the names: the check says taken, and sign-up agrees.
    await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ bio: 'Buying for a while' }) }, asBuyer);
    expect(await available('Switch Back Brewing')).toBe(false);
    expect(await available('switch back brewing pty ltd')).toBe(false);
    await expectAppError(client.signUp(supplier('switch-rival@example.com', 'Switch Back Brewing'), anon), 'name-taken');
    // Back to supplier: the names are still the account's own.
    const asSupplier = of((await client.setUserType({ userType: 'supplier' }, asBuyer)).session);
    await expect(client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ bio: 'Brewing again' }) }, asSupplier)).resolves.toMatchObject({ user: { profile: { bio: 'Brewing again' } } });
    // A rename releases the old name in the table the check reads: the check says free, and sign-up agrees.
    await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ brandName: 'Switched Name Brewing' }) }, asSupplier);
    expect(await available('Switch Back Brewing')).toBe(true);
    expect(await available('Switched Name Brewing')).toBe(false);
    const taker = supplier('switch-taker@example.com', 'Switch Back Brewing');
    taker.profile = identity.Profile.fromPartial({ ...taker.profile, businessName: 'Taker Holdings Pty Ltd' });
    await expect(client.signUp(taker, anon)).resolves.toMatchObject({ user: { email: 'switch-taker@example.com' } });
    // The check reads supplier_names, the table a sign-up claims names in.
    await svc.db.insertInto('supplier_names').values({ name_key: 'held only in supplier names', user_id: out.user?.id ?? '' }).execute();
    expect(await available('Held Only In Supplier Names')).toBe(false);
    await expectAppError(client.signUp(supplier('held@example.com', 'Held Only In Supplier Names'), anon), 'name-taken');
  });

  it('refuses a banned user’s calls at once, though the access token is still valid', async () => {
    const out = await client.signUp(buyer('banned@example.com'), anon);
    const ctx = as(out.user);
    await expect(client.getCurrentUser({}, ctx)).resolves.toMatchObject({ user: { email: 'banned@example.com' } });
    await svc.db.updateTable('users').set({ banned: true }).where('id', '=', out.user?.id ?? '').execute();
    await expectAppError(client.getCurrentUser({}, ctx), 'forbidden');
    await expectAppError(client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ bio: 'still here' }) }, ctx), 'forbidden');
    await expectAppError(client.sendVerificationEmail({}, ctx), 'forbidden');
    await expectAppError(client.changePassword({ currentPassword: 'correct horse battery', newPassword: 'banned but trying' }, ctx), 'forbidden');
  });

  it('revokes every session at once on logout, ban and deletion: older tokens are refused, and the revocation is published', async () => {
    const operatorIds = await ensureAccounts(svc.deps, [{ email: 'ops-revoke@example.com', password: 'Operator-pass-2026', role: 'operator', profile: { firstName: 'O', lastName: 'P' } }]);
    const operatorCtx: CallContext = { requestId: 'test', caller: { userId: operatorIds.get('ops-revoke@example.com') ?? '', role: 'operator', scopes: [] } };
    const revocations = (userId: string) => h.events.filter((e) => e.type === SessionsRevoked.subject && e.aggregateId === userId).map((e) => e.data);

    // Logout on one device ends the sessions of every device.
    const a = await client.signUp(buyer('revoke-logout@example.com'), anon);
    const b = await client.login({ email: 'revoke-logout@example.com', password: 'correct horse battery' }, anon);
    const userId = a.user?.id ?? '';
    await expect(client.getCurrentUser({}, of(b.session))).resolves.toMatchObject({ user: { id: userId } });
    await client.logout({ refreshToken: a.session?.refreshToken ?? '' }, anon);
    await expectAppError(client.getCurrentUser({}, of(a.session)), 'auth-unauthenticated');
    await expectAppError(client.getCurrentUser({}, of(b.session)), 'auth-unauthenticated');
    await expectAppError(client.refresh({ refreshToken: b.session?.refreshToken ?? '' }, anon), 'auth-unauthenticated');
    const again = await client.login({ email: 'revoke-logout@example.com', password: 'correct horse battery' }, anon);
    expect(verifyAccessToken(again.session?.accessToken ?? '', SECRET)?.sessionVersion).toBe(1);
    await expect(client.getCurrentUser({}, of(again.session))).resolves.toMatchObject({ user: { id: userId } });
    await flush();
    expect(revocations(userId)).toEqual([{ userId, sessionVersion: 1, status: 'active' }]);

    // A ban by the operator: refused at once (403), even with the newest token; unbanning lets a new login work.
    await expectAppError(client.setUserBanned({ userId, banned: true }, of(again.session)), 'forbidden');
    await expect(client.setUserBanned({ userId, banned: true }, operatorCtx)).resolves.toMatchObject({ user: { id: userId, banned: true } });
    await expectAppError(client.getCurrentUser({}, of(again.session)), 'forbidden');
    await expectAppError(client.login({ email: 'revoke-logout@example.com', password: 'correct horse battery' }, anon), 'auth-user-banned');
    await client.setUserBanned({ userId, banned: false }, operatorCtx);
    await expectAppError(client.getCurrentUser({}, of(again.session)), 'auth-unauthenticated');
    const back = await client.login({ email: 'revoke-logout@example.com', password: 'correct horse battery' }, anon);
    await expect(client.getCurrentUser({}, of(back.session))).resolves.toMatchObject({ user: { id: userId } });
    await expectAppError(client.setUserBanned({ userId: operatorCtx.caller?.userId ?? '', banned: true }, operatorCtx), 'forbidden');
    await expectAppError(client.setUserBanned({ userId: 'not-a-uuid', banned: true }, operatorCtx), 'not-found');

    // Deletion: the account's tokens are refused as if it did not exist.
    await client.deleteAccount({ currentPassword: 'correct horse battery' }, of(back.session));
    await expectAppError(client.getCurrentUser({}, of(back.session)), 'auth-unauthenticated');
    await flush();
    expect(revocations(userId).map((r) => (r as { status: string }).status)).toEqual(['active', 'banned', 'active', 'deleted']);
  });

  it('lets a limited-access login read and edit its profile but not change the account', async () => {
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

describe('identity configuration', () => {
  const base = { DATA_DIR: ':memory:', JWT_SECRET: SECRET };
  it('refuses an operator email without a password, and a password without an email, by name', () => {
    const noPassword = identityEnv.safeParse({ ...base, OPERATOR_EMAIL: 'op@example.com' });
    expect(noPassword.success).toBe(false);
    expect(noPassword.error?.issues).toEqual([expect.objectContaining({ path: ['OPERATOR_PASSWORD'], message: expect.stringMatching(/OPERATOR_PASSWORD must be set when OPERATOR_EMAIL is/) })]);
    const noEmail = identityEnv.safeParse({ ...base, OPERATOR_PASSWORD: 'a long operator password' });
    expect(noEmail.error?.issues).toEqual([expect.objectContaining({ path: ['OPERATOR_EMAIL'] })]);
  });
  it('accepts both or neither (an empty value counts as unset)', () => {
    expect(identityEnv.safeParse(base).success).toBe(true);
    expect(identityEnv.safeParse({ ...base, OPERATOR_EMAIL: '', OPERATOR_PASSWORD: '' }).success).toBe(true);
    expect(identityEnv.parse({ ...base, OPERATOR_EMAIL: 'op@example.com', OPERATOR_PASSWORD: 'a long operator password' }).OPERATOR_EMAIL).toBe('op@example.com');
  });
});
