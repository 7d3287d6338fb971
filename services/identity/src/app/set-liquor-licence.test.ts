import type { CallContext } from '@caskade/kit';
import { expectAppError } from '@caskade/kit/testing';
import { identity } from '@caskade/proto';
import { ensureAccounts } from '../index';
import { anon, as, buyer, describeIdentity, supplier } from '../testing/harness';

describeIdentity('identity: a buyer’s liquor licence', (h, { test: it }) => {
  it('sets and replaces the licence; the owner reads it, other services learn only that one is on file, and only when they ask', async () => {
    const { client } = h();
    const out = await client.signUp(buyer('licence@example.com'), anon);
    const ctx = as(out.user);
    const id = out.user?.id ?? '';
    expect(out.user?.profile).toMatchObject({ liquorLicenceNumber: '', liquorLicenceState: '' });
    expect((await client.getUsers({ ids: [id], withLiquorLicence: true }, anon)).users[0]?.liquorLicenceOnFile).toBe(false);

    const set = await client.setLiquorLicence({ number: ' liq-660012345 ', state: 'NSW' }, ctx);
    expect(set.user?.profile).toMatchObject({ liquorLicenceNumber: 'LIQ-660012345', liquorLicenceState: 'NSW', firstName: 'Ava', companyName: 'Fitzroy Cellars' });
    expect((await client.getCurrentUser({}, ctx)).user?.profile).toMatchObject({ liquorLicenceNumber: 'LIQ-660012345', liquorLicenceState: 'NSW' });
    expect((await client.getUsers({ ids: [id], withLiquorLicence: true }, anon)).users[0]?.liquorLicenceOnFile).toBe(true);
    // A public view (the profile page) never tells.
    expect((await client.getUsers({ ids: [id] }, anon)).users[0]?.liquorLicenceOnFile).toBe(false);

    const replaced = await client.setLiquorLicence({ number: '32012345', state: 'VIC' }, ctx);
    expect(replaced.user?.profile).toMatchObject({ liquorLicenceNumber: '32012345', liquorLicenceState: 'VIC' });
    // Other profile changes keep it.
    const updated = await client.updateProfile({ patch: identity.ProfilePatch.fromPartial({ bio: 'Bottle shop' }) }, ctx);
    expect(updated.user?.profile).toMatchObject({ bio: 'Bottle shop', liquorLicenceNumber: '32012345', liquorLicenceState: 'VIC' });
  });

  it('answers each bad field and changes nothing', async () => {
    const { client } = h();
    const out = await client.signUp(buyer('licence-bad@example.com'), anon);
    const ctx = as(out.user);
    const both = await expectAppError(client.setLiquorLicence({ number: 'no spaces allowed', state: 'NZ' }, ctx), 'validation-invalid-params');
    expect(both.meta?.fields).toEqual({ number: 'validation.liquorLicenceNumberInvalid', state: 'validation.stateInvalid' });
    const empty = await expectAppError(client.setLiquorLicence({ number: '', state: '' }, ctx), 'validation-invalid-params');
    expect(empty.meta?.fields).toEqual({ number: 'validation.required', state: 'validation.stateInvalid' });
    const short = await expectAppError(client.setLiquorLicence({ number: 'AB', state: 'QLD' }, ctx), 'validation-invalid-params');
    expect(short.meta?.fields).toEqual({ number: 'validation.liquorLicenceNumberInvalid' });
    expect((await client.getCurrentUser({}, ctx)).user?.profile).toMatchObject({ liquorLicenceNumber: '', liquorLicenceState: '' });
  });

  it('is for signed-in buyers with full access only', async () => {
    const { client, svc } = h();
    await expectAppError(client.setLiquorLicence({ number: '12345', state: 'SA' }, anon), 'auth-unauthenticated');
    const sup = await client.signUp(supplier('licence-supplier@example.com', 'Licence Brewing'), anon);
    const refused = await expectAppError(client.setLiquorLicence({ number: '12345', state: 'SA' }, as(sup.user)), 'forbidden');
    expect(refused.meta).toEqual({ reason: 'buyers-only' });
    const ids = await ensureAccounts(svc.deps, [{ email: 'licence-limited@example.com', password: 'Limited-pass-2026', role: 'buyer', profile: { firstName: 'Lim', lastName: 'Ited' }, scopes: ['user:limited'] }]);
    const limited: CallContext = { requestId: 'test', caller: { userId: ids.get('licence-limited@example.com') ?? '', role: 'buyer', scopes: ['user:limited'] } };
    const limitedRefused = await expectAppError(client.setLiquorLicence({ number: '12345', state: 'SA' }, limited), 'forbidden');
    expect(limitedRefused.meta).toEqual({ reason: 'limited-access' });
  });
});
