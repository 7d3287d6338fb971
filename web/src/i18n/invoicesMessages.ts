/** en-AU wording of the order page's tax invoice downloads (docs/decisions/045). */
import type { InvoiceKind } from '@caskade/orders/domain';

export const invoicesUi = {
  heading: 'Tax invoices',
  links: {
    supply: 'Download tax invoice',
    'platform-fee': 'Platform fee invoice',
  } satisfies Record<InvoiceKind, string>,
  hint: 'PDF, ready for your accounts: ABNs, GST and WET as charged.',
};
