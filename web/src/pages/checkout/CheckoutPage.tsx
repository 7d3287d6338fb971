/**
 * /l/{slug}/{id}/checkout: "Buy now" for one listing (POST /api/initiate-privileged), the choice
 * made in the order panel carried in the query (package, quantity, delivery), and a payment term
 * where the supplier offers terms. With `enquiry` it pays for the buyer's enquiry (that order becomes
 * this checkout's; pay now only, so no term is offered).
 */
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { requiresLiquorLicence } from '@caskade/catalog/domain';
import { DELIVERY_METHODS, PAYMENT_TERM_CHOICES, type DeliveryMethod, type PaymentTermChoice } from '@caskade/orders/domain';
import { useListing } from '../../api/catalog';
import { useSupplierTerms, type Purchase } from '../../api/checkout';
import { SelectField } from '../../components/Field';
import { PageContainer, PageHeading } from '../../components/PageLayout';
import { Spinner } from '../../components/Spinner';
import { PAYMENT_TERM_LABELS, buyingUi } from '../../i18n/buyingMessages';
import { deliveryLabel } from '../../i18n/deliveryLabel';
import { listingPath } from '../../lib/listingPaths';
import { packageLabel } from '../../lib/packages';
import { CheckoutForm } from './CheckoutForm';
import { NotFoundView } from '../../components/NotFoundView';

const t = buyingUi.checkout;

export default function CheckoutPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const listing = useListing(id);
  const terms = useSupplierTerms(listing.data?.author.id ?? null);
  const [term, setTerm] = useState<PaymentTermChoice>('none');
  const packageIndex = Number(params.get('package') ?? '');
  const quantity = Number(params.get('quantity') ?? '');
  const delivery = params.get('delivery') ?? '';
  const enquiryId = params.get('enquiry') ?? '';
  const deliveryMethod = (DELIVERY_METHODS as readonly string[]).includes(delivery) ? (delivery as DeliveryMethod) : undefined;
  const valid = params.has('package') && Number.isInteger(packageIndex) && packageIndex >= 0 && Number.isInteger(quantity) && quantity >= 1;
  const purchase = useMemo<Purchase>(
    () => ({ kind: 'listing', listingId: id, orderData: { packageIndex, quantity, ...(deliveryMethod ? { deliveryMethod } : {}) }, paymentTerm: enquiryId ? 'none' : term, ...(enquiryId ? { enquiryId } : {}) }),
    [id, packageIndex, quantity, deliveryMethod, term, enquiryId],
  );

  if (listing.isPending) return <Spinner />;
  if (listing.isError) return <NotFoundView />;
  const pkg = listing.data.pricePackages[packageIndex];
  const offered = terms.data?.paymentTerms ?? [];
  return (
    <PageContainer>
      <PageHeading title={t.title} />
      {!valid || !pkg ? (
        <div className="card p-6 text-stone-700">
          <p>{t.noChoice}</p>
          <Link to={listingPath(listing.data)} className="btn-secondary mt-4">
            {listing.data.title}
          </Link>
        </div>
      ) : (
        <CheckoutForm
          purchase={purchase}
          holdsLiquor={requiresLiquorLicence(listing.data)}
          supplierName={(supplierId) => (supplierId === listing.data.author.id ? listing.data.author.brandName : undefined)}
          intro={
            <div className="grid gap-3 text-sm text-stone-700">
              <p>
                <Link to={listingPath(listing.data)} className="font-semibold text-stone-900 underline">
                  {listing.data.title}
                </Link>
                <span className="block">
                  {quantity} × {packageLabel(pkg)}
                  {deliveryMethod ? ` · ${deliveryLabel(deliveryMethod, listing.data.category)}` : ''}
                </span>
              </p>
              {offered.length > 0 && !enquiryId ? (
                <SelectField
                  name="paymentTerm"
                  label={buyingUi.cart.paymentTerm}
                  value={term}
                  onChange={(value) => setTerm(value as PaymentTermChoice)}
                  options={PAYMENT_TERM_CHOICES.filter((c) => c === 'none' || offered.includes(c)).map((c) => ({ value: c, label: PAYMENT_TERM_LABELS[c] }))}
                  hint={buyingUi.cart.paymentTermHint}
                />
              ) : null}
            </div>
          }
        />
      )}
    </PageContainer>
  );
}
