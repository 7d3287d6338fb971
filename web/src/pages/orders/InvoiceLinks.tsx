/**
 * Download links for an order's tax invoices, once it is purchased: the supplier's tax invoice
 * (buyer, supplier, operator) and Caskade's platform-fee invoice (supplier, operator). Who may
 * have which is the orders domain's rule, as is "bought" (purchased or later, and purchased once).
 */
import { INVOICE_KINDS, isInvoiceable, isProcessName, mayReadInvoice } from '@caskade/orders/domain';
import { invoiceUrl } from '../../api/invoices';
import type { OrderView } from '../../api/orders';
import { invoicesUi as t } from '../../i18n/invoicesMessages';

export function InvoiceLinks({ order }: { order: Pick<OrderView, 'id' | 'processName' | 'state' | 'viewerRole' | 'activity'> }) {
  if (!isProcessName(order.processName) || !isInvoiceable(order.processName, order.state, order.activity.map((a) => a.toState))) return null;
  const kinds = INVOICE_KINDS.filter((kind) => mayReadInvoice(kind, order.viewerRole));
  if (kinds.length === 0) return null;
  return (
    <section aria-label={t.heading} className="mt-6" data-testid="invoice-links">
      <ul className="flex flex-wrap gap-3">
        {kinds.map((kind) => (
          <li key={kind}>
            <a className="btn-secondary" href={invoiceUrl(order.id, kind)} download>
              {t.links[kind]}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-stone-500">{t.hint}</p>
    </section>
  );
}
