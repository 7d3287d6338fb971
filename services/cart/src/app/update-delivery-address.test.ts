import { expectAppError } from '@caskade/kit/testing';
import { describeCart, sydney } from '../testing/harness';

describeCart('UpdateDeliveryAddress: every field replaced, default moved, another buyer’s is not found', (h, { test: it }) => {
  it('replaces the fields and moves the default; false on the default keeps it the default', async () => {
    const { client, buyer } = h();
    const me = buyer();
    const first = (await client.createDeliveryAddress({ fields: sydney }, me)).address;
    const second = (await client.createDeliveryAddress({ fields: sydney }, me)).address;
    const moved = await client.updateDeliveryAddress({ id: second?.id ?? '', fields: { ...sydney, street: '9 Pitt St', isDefault: true } }, me);
    expect([moved.address?.street, moved.address?.isDefault]).toEqual(['9 Pitt St', true]);
    const kept = await client.updateDeliveryAddress({ id: second?.id ?? '', fields: { ...sydney, isDefault: false } }, me);
    expect([kept.address?.street, kept.address?.isDefault]).toEqual(['1 George St', true]);
    expect((await client.listDeliveryAddresses({}, me)).addresses.map((a) => [a.id, a.isDefault])).toEqual([[first?.id, false], [second?.id, true]]);
    const bad = await expectAppError(client.updateDeliveryAddress({ id: first?.id ?? '', fields: { ...sydney, postalCode: 'abcd' } }, me), 'validation-invalid-params');
    expect(bad.meta?.fields).toEqual({ postalCode: 'validation.postalCodeInvalid' });
  });

  it('answers not-found for another buyer’s address or an unknown id, and changes nothing', async () => {
    const { client, buyer } = h();
    const owner = buyer();
    const theirs = (await client.createDeliveryAddress({ fields: sydney }, owner)).address;
    await expectAppError(client.updateDeliveryAddress({ id: theirs?.id ?? '', fields: { ...sydney, name: 'Mallory' } }, buyer()), 'not-found');
    await expectAppError(client.updateDeliveryAddress({ id: 'nope', fields: sydney }, owner), 'not-found');
    expect((await client.listDeliveryAddresses({}, owner)).addresses[0]?.name).toBe('Ava Nguyen');
  });
});
