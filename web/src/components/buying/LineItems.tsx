/**
 * A supplier order's line items as the buyer sees them: each package line GST-exclusive, then
 * shipping, WET and GST itemised, and the GST-inclusive total (the payin). Lines that are only the
 * supplier's (the platform fee) are not shown.
 */
import type { PricedOrderView } from '../../api/cart';
import { buyingUi } from '../../i18n/buyingMessages';
import { formatMoney } from '../../i18n/format';

const t = buyingUi.lines;

export function LineItems({ priced, label, className = '' }: { priced: PricedOrderView; label?: string; className?: string }) {
  const lines = priced.lineItems.filter((line) => line.includeFor.includes('customer') && line.lineTotalCents !== 0);
  return (
    <table className={`w-full text-sm ${className}`}>
      <caption className="sr-only">{label ?? t.caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t.item}</th>
          <th scope="col">{t.amount}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={`${line.code}-${line.listingId}-${line.packageIndex}-${i}`} data-line={line.code}>
            <th scope="row" className="py-1 pr-3 text-left font-normal wrap-anywhere text-stone-700">
              {line.code === 'units' && line.quantity > 1 ? `${line.quantity} × ` : ''}
              {line.description}
            </th>
            <td className="py-1 text-right text-stone-900 tabular-nums">{formatMoney(line.lineTotalCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t border-stone-200" data-line="total">
          <th scope="row" className="pt-2 text-left font-semibold text-stone-900">
            {t.total}
          </th>
          <td className="pt-2 text-right font-semibold text-stone-900 tabular-nums">{formatMoney(priced.payinTotalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
