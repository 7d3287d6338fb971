/**
 * "Order again" (the order's buyer): puts the order's lines back in the cart at today's prices and
 * says which lines could not be (Listing info not found, not enough stock), with a link to the cart.
 */
import { Link } from 'react-router-dom';
import type { OrderView } from '../../api/orders';
import { useReorder } from '../../api/reviews';
import { FormMessage } from '../../components/Field';
import { reorderErrorMessage, reviewsUi } from '../../i18n/reviewsMessages';

const t = reviewsUi.reorder;

export function ReorderButton({ order }: { order: OrderView }) {
  const reorder = useReorder(order.id);
  if (order.viewerRole !== 'customer' || order.lines.length === 0) return null;
  const result = reorder.data;
  return (
    <section aria-label={t.button} className="mt-6" data-testid="reorder">
      <button type="button" className="btn-secondary" disabled={reorder.isPending} onClick={() => reorder.mutate()}>
        {reorder.isPending ? t.running : t.button}
      </button>
      <div aria-live="polite" className="mt-3 grid gap-2 empty:hidden">
        {reorder.isError ? <FormMessage tone="error">{t.failed}</FormMessage> : null}
        {result ? (
          <FormMessage tone={result.added.length > 0 ? 'success' : 'error'}>
            <p>{result.added.length > 0 ? t.added(result.added.reduce((n, a) => n + a.quantity, 0)) : t.noneAdded}</p>
            {result.failed.length > 0 ? (
              <>
                <p className="mt-2 font-medium">{t.failedHeading}</p>
                <ul className="mt-1 list-disc pl-5" data-testid="reorder-failures">
                  {result.failed.map((f) => (
                    <li key={f.listingId}>
                      <span className="font-medium">{f.title}</span>: {reorderErrorMessage(f.error)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {result.added.length > 0 ? (
              <p className="mt-2">
                <Link to="/cart" className="font-semibold underline">
                  {t.goToCart}
                </Link>
              </p>
            ) : null}
          </FormMessage>
        ) : null}
      </div>
    </section>
  );
}
