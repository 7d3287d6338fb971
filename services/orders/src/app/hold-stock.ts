import { systemContext } from '@caskade/kit';
import { ordersOfCheckout } from '../db/orders';
import type { OrdersDeps } from './deps';

/** The reservation outlives the payment window, so only the expiry timer (which cancels the payment first) gives stock back. */
export const RESERVATION_MARGIN_MS = 10 * 60 * 1000;
/**
 * A direct debit still clearing after the window: each look of the expiry timer (every 30 s) holds
 * its stock a day on, so an orders outage of hours does not let the sweeper give it away.
 */
export const CLEARING_HOLD_MS = 24 * 60 * 60 * 1000;

/**
 * The checkout's stock held until at least `ms` from now: the same reservation asked again (same
 * id and lines, so catalog takes nothing more and only moves its expiry later). For a payment that
 * takes longer than the card's minutes — a direct debit still clearing, a bank transfer chosen on
 * retry. Throws catalog's 409 when the reservation was released meanwhile (the stock is gone).
 */
export async function holdCheckoutStock(deps: OrdersDeps, checkoutId: string, ms: number): Promise<void> {
  const lines = (await ordersOfCheckout(deps.db, checkoutId)).flatMap((o) => o.lines.map((l) => ({ listingId: l.listingId, quantity: l.quantity })));
  if (lines.length === 0) return;
  await deps.catalog.reserveStock({ reservationId: checkoutId, lines, ttlSeconds: Math.ceil(ms / 1000) }, systemContext(`checkout:${checkoutId}`));
}
