import { expectAppError } from '@caskade/kit/testing';
import { describeCart, sydney } from '../testing/harness';

describeCart('DeleteDeliveryAddress: the oldest remaining becomes the default', (h, { test: it }) => {
  it('promotes the oldest remaining address when the default is deleted; others leave the default alone', async () => {
    const { client, buyer } = h();
    const me = buyer();
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) ids.push((await client.createDeliveryAddress({ fields: { ...sydney, name } }, me)).address?.id ?? '');
    const [one, two, three, four] = ids as [string, string, string, string];
    await client.updateDeliveryAddress({ id: three, fields: { ...sydney, name: 'Three', isDefault: true } }, me);
    await client.deleteDeliveryAddress({ id: two }, me);
    const defaults = async () => (await client.listDeliveryAddresses({}, me)).addresses.map((a) => [a.name, a.isDefault]);
    expect(await defaults()).toEqual([['One', false], ['Three', true], ['Four', false]]);
    await client.deleteDeliveryAddress({ id: three }, me);
    expect(await defaults()).toEqual([['One', true], ['Four', false]]);
    await client.deleteDeliveryAddress({ id: one }, me);
    expect(await defaults()).toEqual([['Four', true]]);
    await client.deleteDeliveryAddress({ id: four }, me);
    expect(await defaults()).toEqual([]);
    await expectAppError(client.deleteDeliveryAddress({ id: four }, me), 'not-found');
  });

  it('answers not-found for another buyer’s address and keeps it', async () => {
    const { client, buyer } = h();
    const owner = buyer();
    const theirs = (await client.createDeliveryAddress({ fields: sydney }, owner)).address;
    await expectAppError(client.deleteDeliveryAddress({ id: theirs?.id ?? '' }, buyer()), 'not-found');
    await expectAppError(client.deleteDeliveryAddress({ id: 'x' }, buyer()), 'not-found');
    expect((await client.listDeliveryAddresses({}, owner)).addresses.map((a) => a.id)).toEqual([theirs?.id]);
  });
});
