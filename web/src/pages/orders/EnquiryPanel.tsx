/**
 * An enquiry's order page (its buyer): what the enquiry is and a way to pay for it — Buy now for
 * the same listing, package and quantity, carrying the enquiry (request-payment-after-enquiry makes
 * this order the checkout's). The supplier's answers are in Messages ("Message supplier" above).
 */
import { Link } from 'react-router-dom';
import type { OrderView } from '../../api/orders';
import { pathTo } from '../../app/routes';
import { ordersUi } from '../../i18n/ordersMessages';

const t = ordersUi.enquiry;

export function EnquiryPanel({ order }: { order: OrderView }) {
  const line = order.lines[0];
  if (order.state !== 'enquiry' || order.viewerRole !== 'customer' || !line) return null;
  const query = new URLSearchParams({ package: String(line.packageIndex), quantity: String(line.quantity), delivery: line.deliveryMethod, enquiry: order.id });
  return (
    <section aria-labelledby={`enquiry-${order.id}`} className="card mb-6 p-5" data-testid="enquiry-panel">
      <h2 id={`enquiry-${order.id}`} className="text-lg font-semibold text-stone-900">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t.body}</p>
      <Link to={`${pathTo('CheckoutPage', { slug: 'listing', id: line.listingId })}?${query.toString()}`} className="btn-primary mt-4">
        {t.pay}
      </Link>
    </section>
  );
}
