import { expectAppError } from '@caskade/kit/testing';
import { describeCart } from '../testing/harness';

describeCart('SetPaymentTerm: per supplier of the cart, only a term it offers', (h, { test: it }) => {
  it('sets a term the supplier offers, back to none; a term withdrawn reads as none', async () => {
    const { client, listing, buyer, supplier, cartOf } = h();
    const me = buyer();
    const hops = supplier();
    const hopsId = hops.caller?.userId ?? '';
    await client.setSupplierTerms({ minimumOrderQuantity: 1, paymentTerms: ['30_days', '60_days'] }, hops);
    const ale = listing({ supplier: hops });
    await client.addToCart({ listingId: ale.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me);
    const set = await client.setPaymentTerm({ supplierId: hopsId, paymentTerm: '60_days' }, me);
    expect([set.cart?.suppliers[0]?.paymentTerm, set.cart?.suppliers[0]?.paymentTermsOffered]).toEqual(['60_days', ['30_days', '60_days']]);
    const none = await client.setPaymentTerm({ supplierId: hopsId, paymentTerm: 'none' }, me);
    expect(none.cart?.suppliers[0]?.paymentTerm).toBe('none');
    await client.setPaymentTerm({ supplierId: hopsId, paymentTerm: '30_days' }, me);
    await client.setSupplierTerms({ minimumOrderQuantity: 1, paymentTerms: ['60_days'] }, hops);
    expect((await cartOf(me)).suppliers[0]?.paymentTerm).toBe('none');
  });

  it('refuses a term not offered or unknown, and a supplier not in the cart', async () => {
    const { client, listing, buyer, supplier, cartOf } = h();
    const me = buyer();
    const hops = supplier();
    const hopsId = hops.caller?.userId ?? '';
    const ale = listing({ supplier: hops });
    await client.addToCart({ listingId: ale.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me);
    for (const paymentTerm of ['30_days', '45_days', '']) {
      const err = await expectAppError(client.setPaymentTerm({ supplierId: hopsId, paymentTerm }, me), 'validation-invalid-params');
      expect({ paymentTerm, fields: err.meta?.fields }).toEqual({ paymentTerm, fields: { paymentTerm: 'paymentTermNotOffered' } });
    }
    const other = supplier();
    await client.setSupplierTerms({ minimumOrderQuantity: 1, paymentTerms: ['30_days'] }, other);
    for (const supplierId of [other.caller?.userId ?? '', 'nope']) {
      const err = await expectAppError(client.setPaymentTerm({ supplierId, paymentTerm: '30_days' }, me), 'validation-invalid-params');
      expect(err.meta?.fields).toEqual({ supplierId: 'supplierNotInCart' });
    }
    // Another buyer cannot set a term on a supplier only this buyer's cart holds.
    await expectAppError(client.setPaymentTerm({ supplierId: hopsId, paymentTerm: 'none' }, buyer()), 'validation-invalid-params');
    expect((await cartOf(me)).suppliers[0]?.paymentTerm).toBe('none');
  });
});
