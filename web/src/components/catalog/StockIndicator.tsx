import { STOCK_LABELS, catalogUi } from '../../i18n/catalogMessages';
import { STOCK_LEVEL_COLOURS, showsStockLevel, stockLevel } from '@caskade/catalog/domain';

/**
 * The stock indicator with the colours of docs/decisions/013: 20 or more green (in stock), 11–19
 * orange (low), 1–10 red (running out), 0 red (out of stock). Colour is never the only signal:
 * the label says the level too.
 */
const DOT = { green: 'bg-emerald-600', orange: 'bg-orange-500', red: 'bg-red-600' } as const;
const TEXT = { green: 'text-emerald-800', orange: 'text-orange-800', red: 'text-red-800' } as const;

export function StockIndicator({ listing, showCount = false, className = '' }: { listing: { listingType: string; currentStock: { quantity: number } }; showCount?: boolean; className?: string }) {
  if (!showsStockLevel(listing)) return null;
  const quantity = listing.currentStock.quantity;
  const level = stockLevel(quantity);
  const colour = STOCK_LEVEL_COLOURS[level];
  return (
    <span className={`inline-flex items-center gap-1.5 text-sm font-medium ${TEXT[colour]} ${className}`} data-stock-level={level} data-stock-colour={colour}>
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${DOT[colour]}`} />
      {STOCK_LABELS[level]}
      {showCount && quantity > 0 ? <span className="font-normal text-stone-600">· {catalogUi.stock.available(quantity)}</span> : null}
    </span>
  );
}
