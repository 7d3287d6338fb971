import { z } from 'zod';
import type { GatewayClients } from '../clients';
import { invoiceQuery } from '../contract';
import { route, type RouteDef } from '../http/route';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalidValue' }) }).strict();
const PDF = 'application/pdf';

/** Tax invoices as PDF downloads (docs/decisions/045); who may have which is decided by the orders service. */
export function invoiceRoutes(clients: GatewayClients): RouteDef[] {
  return [
    route({
      method: 'get', path: '/api/transactions/:id/invoice.pdf',
      summary: 'The order’s tax invoice as a PDF (buyer, supplier, operator; once purchased); kind=platform-fee: Caskade’s invoice to the supplier for the platform fee (supplier, operator)',
      tags: ['orders'], access: 'user', params: idParams, query: invoiceQuery, produces: PDF,
      handler: async ({ params, query, call }) => {
        const out = await clients.orders.getOrderInvoice({ id: params.id, kind: query.kind }, call, { deadlineMs: 15_000 });
        return { status: 200, file: { contentType: PDF, filename: out.filename, body: out.pdf } };
      },
    }),
  ];
}
