import { AppError } from '@caskade/kit';
import { expectAppError } from '@caskade/kit/testing';
import { identity } from '@caskade/proto';
import { UserSignedUp, VerificationRequested } from '../events/registry';
import { anon, as, buyer, describeIdentity, of, PASSWORD, supplier, accessCaller } from '../testing/harness';

describeIdentity('identity: sign-up and the email and name checks', (h, { test: it }) => {
  it('signs a buyer up, logs them in and queues exactly one verification email', async () => {
    const { client, events, flush } = h();
    const out = await client.signUp(buyer('ava@example.com'), anon);
    expect(out.user).toMatchObject({ email: 'ava@example.com', emailVerified: false, role: 'buyer' });
    expect(out.user?.profile).toMatchObject({ displayName: 'Ava Nguyen', abbreviatedName: 'AN', abnAcn: '51824753556' });
    expect((await accessCaller(out.session?.accessToken ?? ''))).toMatchObject({ userId: out.user?.id, role: 'buyer', sessionVersion: 0 });
    expect(out.session?.refreshToken).toMatch(/^[\w-]{43}$/);
    await flush();
    expect(events.filter((e) => e.type === VerificationRequested.subject && e.aggregateId === out.user?.id)).toHaveLength(1);
    expect(events.some((e) => e.type === UserSignedUp.subject && e.aggregateId === out.user?.id)).toBe(true);
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
  });

  it('rejects invalid fields with their names and changes nothing', async () => {
    const { client } = h();
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
    const { client } = h();
    const results = await Promise.allSettled([client.signUp(buyer('race@example.com'), anon), client.signUp(buyer('RACE@example.com'), anon)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect((rejected?.reason as AppError).code).toBe('email-taken');
    expect((await client.checkEmailAvailable({ email: 'race@example.com' }, anon)).available).toBe(false);
  });

  it('keeps supplier brand and business names unique and distinct', async () => {
    const { client } = h();
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

  it('keeps brand and business names unique across both columns, at sign-up and on profile updates', async () => {
    const { client } = h();
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
    await client.deleteAccount({ currentPassword: PASSWORD }, as(first.user));
    await expect(client.signUp(supplier('cross5@example.com', 'Cross Brew'), anon)).resolves.toMatchObject({ user: { email: 'cross5@example.com' } });
  });

  it('keeps the name check and sign-up in agreement when a supplier switches to buyer or renames', async () => {
    const { client, svc } = h();
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
});
