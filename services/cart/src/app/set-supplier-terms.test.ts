import { expectAppError } from '@caskade/kit/testing';
import { anon, describeCart } from '../testing/harness';

describeCart('SetSupplierTerms: a supplier’s minimum order quantity and payment terms', (h, { test: it }) => {
  it('saves the calling supplier’s terms, in the canonical order, without repeats', async () => {
    const { client, supplier } = h();
    const me = supplier();
    const { terms } = await client.setSupplierTerms({ minimumOrderQuantity: 12, paymentTerms: ['90_days', '30_days', '90_days'] }, me);
    expect(terms).toEqual({ supplierId: me.caller?.userId, minimumOrderQuantity: 12, paymentTerms: ['30_days', '90_days'] });
    expect((await client.getSupplierTerms({ supplierIds: [] }, me)).terms).toEqual([terms]);
    const none = await client.setSupplierTerms({ minimumOrderQuantity: 1, paymentTerms: [] }, me);
    expect(none.terms).toEqual({ supplierId: me.caller?.userId, minimumOrderQuantity: 1, paymentTerms: [] });
  });

  it('refuses a minimum below 1 or too large, an unknown term, and callers who are not suppliers', async () => {
    const { client, supplier, buyer } = h();
    const me = supplier();
    for (const minimumOrderQuantity of [0, -1, 100_001]) {
      const err = await expectAppError(client.setSupplierTerms({ minimumOrderQuantity, paymentTerms: ['none'] }, me), 'validation-invalid-params');
      expect({ minimumOrderQuantity, fields: err.meta?.fields }).toEqual({ minimumOrderQuantity, fields: { minimumOrderQuantity: 'validation.minimumOrderQuantityInvalid', paymentTerms: 'validation.paymentTermInvalid' } });
    }
    await expectAppError(client.setSupplierTerms({ minimumOrderQuantity: 2, paymentTerms: [] }, buyer()), 'forbidden');
    await expectAppError(client.setSupplierTerms({ minimumOrderQuantity: 2, paymentTerms: [] }, anon), 'auth-unauthenticated');
    expect((await client.getSupplierTerms({ supplierIds: [] }, me)).terms).toEqual([{ supplierId: me.caller?.userId, minimumOrderQuantity: 1, paymentTerms: [] }]);
  });
});
