/**
 * /checkout-multi-suppliers (and /checkout, /checkout/{payment}): the whole cart in one payment,
 * one order per supplier. An empty cart says so (Cart is empty) and leads back to the search.
 */
import { Link } from 'react-router-dom';
import { ORDER_MSG } from '@caskade/orders/domain';
import { useCart } from '../../api/cart';
import { pathTo } from '../../app/routes';
import { PageContainer, PageHeading } from '../../components/PageLayout';
import { Spinner } from '../../components/Spinner';
import { buyingMessage, buyingUi } from '../../i18n/buyingMessages';
import { CheckoutForm } from './CheckoutForm';

const PURCHASE = { kind: 'cart' } as const;

export default function MultiSupplierCheckoutPage() {
  const cart = useCart();
  if (cart.isPending) return <Spinner />;
  const empty = cart.isSuccess && cart.data.entryCount === 0;
  return (
    <PageContainer>
      <PageHeading title={buyingUi.checkout.title} />
      {empty ? (
        <div className="card px-6 py-12 text-center">
          <p className="text-lg font-semibold text-stone-900">{buyingMessage(ORDER_MSG.cartIsEmpty)}</p>
          <Link to={pathTo('SearchPage')} className="btn-secondary mt-6">
            {buyingUi.cart.browse}
          </Link>
        </div>
      ) : (
        <CheckoutForm
          purchase={PURCHASE}
          holdsLiquor={cart.data?.suppliers.some((g) => g.entries.some((e) => e.requiresLiquorLicence)) ?? false}
          supplierName={(id) => cart.data?.suppliers.find((g) => g.supplierId === id)?.supplierName}
          intro={
            <Link to={pathTo('CartPage')} className="text-sm font-medium text-brand-800 underline">
              {buyingUi.checkout.backToCart}
            </Link>
          }
        />
      )}
    </PageContainer>
  );
}
