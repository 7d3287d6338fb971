import { AppError, CASKADE_ABN, CASKADE_LEGAL_NAME, systemContext, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { transitionsOf } from '../db/orders';
import { buildTaxInvoice, INVOICE_KINDS, invoiceFileName, isInvoiceable, mayReadInvoice, type InvoiceKind, type InvoiceParty } from '../domain/invoice';
import { stateGroupOf } from '../domain/after-purchase';
import { isPurchasedOrLater } from '../domain/processes';
import type { OrdersDeps } from './deps';
import { orderForCaller } from './order-access';
import { renderInvoicePdf } from './invoice-pdf';

const IDENTITY_DEADLINE_MS = 3000;

function kindOf(value: string): InvoiceKind {
  const kind = value === '' ? 'supply' : value;
  if (!(INVOICE_KINDS as readonly string[]).includes(kind)) throw new AppError('validation-invalid-params', { fields: { kind: 'validation.invalidValue' } });
  return kind as InvoiceKind;
}

/**
 * An order's tax invoice as a PDF (docs/decisions/045): the supplier's to the buyer (supply), or
 * Caskade's to the supplier for the platform fee. Who may see the order may download the first;
 * the second only its supplier and the operator. Only once the order is purchased.
 */
export async function getOrderInvoice(deps: OrdersDeps, ctx: CallContext, req: orders.GetOrderInvoiceRequest): Promise<orders.GetOrderInvoiceResponse> {
  const kind = kindOf(req.kind);
  const { row, viewer } = await orderForCaller(deps, ctx, req.id);
  if (!mayReadInvoice(kind, viewer)) throw new AppError('forbidden', { reason: 'the platform-fee invoice is the supplier\'s' });
  const activity = await transitionsOf(deps.db, row.id);
  if (!isInvoiceable(row.process_name, row.state, activity.map((t) => t.to_state))) {
    throw new AppError('transaction-invalid-transition', { reason: 'an invoice exists once the order is purchased', state: row.state });
  }
  const people = await deps.identity.getUsers({ ids: [row.buyer_id, row.supplier_id], withAbn: true }, systemContext(ctx.requestId), { deadlineMs: IDENTITY_DEADLINE_MS });
  // The supply's date: when the order first became purchased (its activity), so every download matches.
  const purchasedAt = activity.find((t) => isPurchasedOrLater(row.process_name, t.to_state))?.at ?? row.last_transitioned_at ?? row.created_at;
  const partyOf = (id: string, nameOnOrder: string): InvoiceParty => {
    const user = people.users.find((u) => u.id === id);
    return { name: user?.companyName || nameOnOrder || user?.displayName || '', abn: user?.abnAcn ?? '' };
  };
  const invoice = buildTaxInvoice({
    kind,
    orderNumber: row.order_number,
    purchasedAt,
    supplier: partyOf(row.supplier_id, row.supplier_name),
    buyer: partyOf(row.buyer_id, row.buyer_name),
    platform: { name: CASKADE_LEGAL_NAME, abn: CASKADE_ABN },
    priced: row.priced,
    // A refund (a cancel after purchase, a settled dispute) is dated by the cancel that made it.
    refund: Number(row.refunded_cents) > 0
      ? { cents: Number(row.refunded_cents), at: activity.filter((t) => stateGroupOf(t.to_state) === 'canceled').at(-1)?.at ?? row.last_transitioned_at ?? row.created_at }
      : undefined,
  });
  const pdf = await renderInvoicePdf(invoice, purchasedAt);
  return { pdf: Buffer.from(pdf), filename: invoiceFileName(kind, row.order_number) };
}
