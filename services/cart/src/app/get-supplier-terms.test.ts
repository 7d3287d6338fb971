import { expectAppError } from '@caskade/kit/testing';
import { anon, describeCart } from '../testing/harness';

describeCart('GetSupplierTerms: anyone reads suppliers’ terms; a supplier its own', (h, { test: it }) => {
  it('answers the terms asked for, in order, with the defaults for suppliers that never set theirs', async () => {
    const { client, supplier } = h();
    const set = supplier();
    const never = supplier();
    await client.setSupplierTerms({ minimumOrderQuantity: 6, paymentTerms: ['60_days'] }, set);
    const ids = [never.caller?.userId ?? '', set.caller?.userId ?? ''];
    expect((await client.getSupplierTerms({ supplierIds: [...ids, ids[0] ?? ''] }, anon)).terms).toEqual([
      { supplierId: ids[0], minimumOrderQuantity: 1, paymentTerms: [] },
      { supplierId: ids[1], minimumOrderQuantity: 6, paymentTerms: ['60_days'] },
    ]);
  });

  it('needs a supplier for its own terms, and ids that are ids', async () => {
    const { client, buyer } = h();
    await expectAppError(client.getSupplierTerms({ supplierIds: [] }, anon), 'auth-unauthenticated');
    await expectAppError(client.getSupplierTerms({ supplierIds: [] }, buyer()), 'forbidden');
    const bad = await expectAppError(client.getSupplierTerms({ supplierIds: ['x'] }, anon), 'validation-invalid-params');
    expect(bad.meta?.fields).toEqual({ supplierIds: 'validation.invalidValue' });
  });
});
