import { expectAppError } from '@caskade/kit/testing';
import { anon, describeCart, sydney } from '../testing/harness';

describeCart('CreateDeliveryAddress and ListDeliveryAddresses: several, one default, only the buyer’s own', (h, { test: it }) => {
  it('makes the first address the default, and a later one when asked; lists the buyer’s own, oldest first', async () => {
    const { client, buyer } = h();
    const me = buyer();
    const first = (await client.createDeliveryAddress({ fields: sydney }, me)).address;
    // The phone is kept in E.164 (ADR 059) and shown in the Australian format by the web.
    expect(first).toEqual({ id: first?.id, ...sydney, email: 'ava@example.com.au', phone: '+61412345678', isDefault: true });
    const second = (await client.createDeliveryAddress({ fields: { ...sydney, city: 'Parramatta', postalCode: '2150' } }, me)).address;
    expect(second?.isDefault).toBe(false);
    const third = (await client.createDeliveryAddress({ fields: { ...sydney, state: 'vic', city: 'Melbourne', postalCode: '3000', isDefault: true } }, me)).address;
    expect([third?.state, third?.isDefault]).toEqual(['VIC', true]);
    const listed = (await client.listDeliveryAddresses({}, me)).addresses;
    expect(listed.map((a) => [a.id, a.isDefault])).toEqual([[first?.id, false], [second?.id, false], [third?.id, true]]);
    expect((await client.listDeliveryAddresses({}, buyer())).addresses).toEqual([]);
    await expectAppError(client.listDeliveryAddresses({}, anon), 'auth-unauthenticated');
  });

  it('requires every field and checks state, country, 4-digit postcode, Australian phone and email, keyed by field', async () => {
    const { client, buyer } = h();
    const me = buyer();
    const blank = await expectAppError(client.createDeliveryAddress({ fields: undefined }, me), 'validation-invalid-params');
    expect(blank.meta?.fields).toEqual({
      name: 'validation.required', street: 'validation.required', city: 'validation.required', state: 'validation.required', country: 'validation.required',
      postalCode: 'validation.required', phone: 'validation.required', email: 'validation.required',
    });
    const bad = await expectAppError(
      client.createDeliveryAddress({ fields: { ...sydney, name: '   ', state: 'XYZ', country: 'NZ', postalCode: '20000', phone: '12345', email: 'ava@' } }, me),
      'validation-invalid-params',
    );
    expect(bad.meta?.fields).toEqual({
      name: 'validation.required', state: 'validation.stateInvalid', country: 'validation.countryInvalid', postalCode: 'validation.postalCodeInvalid',
      phone: 'validation.phoneInvalid', email: 'validation.emailInvalid',
    });
    const elsewhere = await expectAppError(client.createDeliveryAddress({ fields: { ...sydney, state: 'VIC', city: 'Melbourne' } }, me), 'validation-invalid-params');
    expect(elsewhere.meta?.fields).toEqual({ postalCode: 'validation.postcodeNotInState' });
    expect((await client.listDeliveryAddresses({}, me)).addresses).toEqual([]);
  });

  it('keeps at most 20 addresses and one default, even when the first ones are created at once', async () => {
    const { client, buyer } = h();
    const me = buyer();
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => client.createDeliveryAddress({ fields: { ...sydney, name: `Venue ${i}` } }, me)));
    expect(created.filter((c) => c.address?.isDefault)).toHaveLength(1);
    const over = await expectAppError(client.createDeliveryAddress({ fields: sydney }, me), 'validation-invalid-params');
    expect(over.meta?.fields).toEqual({ addresses: 'validation.tooManyAddresses' });
    const listed = (await client.listDeliveryAddresses({}, me)).addresses;
    expect([listed.length, listed.filter((a) => a.isDefault).length]).toEqual([20, 1]);
    const limited = await expectAppError(client.createDeliveryAddress({ fields: sydney }, buyer(['user:limited'])), 'forbidden');
    expect(limited.meta).toEqual({ reason: 'limited-access' });
  }, 30_000);
});
