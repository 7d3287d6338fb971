/**
 * The choices of a quantity select (the order panel's, the cart's) up to `max`, the stock: every
 * number up to 50, then tens to 500, hundreds to 10,000 and ten-thousands beyond, plus the stock
 * itself and the quantity already chosen. One option per unit made a select of 100,000 options
 * for a listing with that many cans in stock, which froze the page.
 */
export function quantityChoices(max: number, current = 0): number[] {
  const top = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : 0;
  const out = new Set<number>();
  for (let n = 1; n <= top; n += n < 50 ? 1 : n < 500 ? 10 : n < 10_000 ? 100 : 10_000) out.add(n);
  if (top > 0) out.add(top);
  if (Number.isInteger(current) && current > 0) out.add(current);
  return [...out].sort((a, b) => a - b);
}
