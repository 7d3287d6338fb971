/** Tax invoices (GET /api/transactions/{id}/invoice.pdf, docs/decisions/045): the browser downloads them by address, with its session cookie. */
import type { InvoiceKind } from '@caskade/orders/domain';

export const invoiceUrl = (orderId: string, kind: InvoiceKind): string =>
  `/api/transactions/${encodeURIComponent(orderId)}/invoice.pdf${kind === 'supply' ? '' : `?kind=${kind}`}`;
