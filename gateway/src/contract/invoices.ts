/** Tax invoices of an order (docs/decisions/045): GET /api/transactions/{id}/invoice.pdf?kind=… answers a PDF. */
import { z } from 'zod';
import { INVOICE_KINDS } from '@caskade/orders/domain';

/** `kind`: supply (the supplier's invoice to the buyer, the default) or platform-fee (Caskade's to the supplier). */
export const invoiceQuery = z.object({ kind: z.enum(INVOICE_KINDS, { error: 'validation.invalidValue' }).default('supply') }).strict();
