import { expectAppError } from '@caskade/kit/testing';
import { anon, as, buyer, describeIdentity, supplier } from '../testing/harness';

describeIdentity('identity: GetUsers tells email addresses to services only, when asked', (h, { test: it }) => {
  it('answers each user’s email to a service asking with_email, never otherwise, and refuses a signed-in caller asking', async () => {
    const { client } = h();
    const a = (await client.signUp(buyer('get-users-buyer@example.com'), anon)).user;
    const b = (await client.signUp(supplier('get-users-supplier@example.com', 'Email Ales'), anon)).user;
    const ids = [a?.id ?? '', b?.id ?? ''];
    const emails = async (withEmail?: boolean) => (await client.getUsers({ ids, ...(withEmail === undefined ? {} : { withEmail }) }, anon)).users.map((u) => [u.id, u.email]).sort();
    expect(await emails(true)).toEqual([[a?.id, 'get-users-buyer@example.com'], [b?.id, 'get-users-supplier@example.com']].sort());
    expect(await emails()).toEqual([[a?.id, ''], [b?.id, '']].sort());
    expect(await emails(false)).toEqual([[a?.id, ''], [b?.id, '']].sort());
    await expectAppError(client.getUsers({ ids, withEmail: true }, as(a)), 'forbidden');
    expect((await client.getUsers({ ids }, as(a))).users.map((u) => u.email)).toEqual(['', '']);
  });

  it('answers each user’s ABN or ACN when asked with_abn (tax invoices), never otherwise', async () => {
    const { client } = h();
    const a = (await client.signUp(buyer('get-users-abn-buyer@example.com'), anon)).user;
    const b = (await client.signUp(supplier('get-users-abn-supplier@example.com', 'Abn Ales'), anon)).user;
    const ids = [a?.id ?? '', b?.id ?? ''];
    const abns = async (withAbn?: boolean) => (await client.getUsers({ ids, ...(withAbn === undefined ? {} : { withAbn }) }, anon)).users.map((u) => [u.id, u.abnAcn]).sort();
    expect(await abns(true)).toEqual([[a?.id, '51824753556'], [b?.id, '004085616']].sort());
    expect(await abns()).toEqual([[a?.id, ''], [b?.id, '']].sort());
    expect(await abns(false)).toEqual([[a?.id, ''], [b?.id, '']].sort());
  });
});
