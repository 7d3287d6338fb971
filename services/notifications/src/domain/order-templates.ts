/**
 * The order emails (en-AU): from an order's move and the recipient's side to a subject, a plain-text
 * body and an HTML body, on the same layout as the account emails. Names and the dispute reason are
 * user text: cleaned for the text part and escaped for the HTML part by the renderers. Each email
 * links to the order's page on the recipient's side (/orders/{id} for the buyer, /sales/{id} for
 * the supplier).
 */
import { formatAud } from '@caskade/kit/rules';
import type { OrderParty } from './order-emails';
import { cleanName, greeting, link, render, type Layout, type OrderEmailKind, type RenderedEmail, type TemplateSettings } from './templates';

export interface OrderEmailInput {
  kind: OrderEmailKind;
  to: OrderParty;
  /** The recipient's name, for the greeting. */
  recipientName: string;
  /** The other party's name: the buyer's business for the supplier, the supplier's brand for the buyer. */
  otherPartyName: string;
  orderId: string;
  orderNumber: string;
  payinTotalCents: number;
  /** What a cancel refunds to the buyer (cents); 0 when nothing was charged. */
  refundCents: number;
  /** The buyer's dispute reason (orderDisputed). */
  reason: string;
  /** Reminders: when the step they warn of happens (RFC 3339). */
  dueAt?: string;
}

/** A date as an Australian reads it, in Melbourne's time (the marketplace's home). */
function dayOf(iso: string | undefined): string {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toLocaleDateString('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Melbourne' }) : 'soon';
}

const REASON_MAX = 2000;

/** A reason as it may appear in an email: line breaks kept (at most one blank line), other control characters dropped, length capped. */
export function cleanReason(value: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const flat = value.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
  return [...flat].slice(0, REASON_MAX).join('');
}

interface Content {
  subject: string;
  preheader: string;
  paragraphs: string[];
  quote?: string;
  afterAction?: string[];
}

function refundLine(to: OrderParty, refundCents: number): string {
  if (to === 'customer') {
    return refundCents > 0
      ? `A refund of ${formatAud(refundCents)} goes back to your payment method. It can take 5–10 business days to show on your statement.`
      : 'Nothing was charged for this order, so there is nothing to refund.';
  }
  return refundCents > 0 ? `${formatAud(refundCents)} is refunded to the buyer, and the stock it held is back on your listings.` : 'The buyer was not charged for it, and the stock it held is back on your listings.';
}

/** A sentence may start with the other party's name (the fallback names are lower case). */
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function content(input: OrderEmailInput, other: string): Content {
  const n = input.orderNumber;
  const Other = cap(other);
  switch (input.kind) {
    case 'newOrder':
      return {
        subject: `New order ${n} from ${other}`,
        preheader: `${Other} placed order ${n}.`,
        paragraphs: [`${Other} has placed order ${n} for ${formatAud(input.payinTotalCents)}.`, 'Please prepare it for delivery, then mark it as delivered on the order page.'],
      };
    case 'orderDelivered':
      return {
        subject: `Order ${n} has been delivered`,
        preheader: `${Other} marked order ${n} as delivered.`,
        paragraphs: [`${Other} has marked your order ${n} as delivered.`, 'Once it has arrived, please confirm that you received it. If something is wrong with the order, you can open a dispute from the order page.'],
      };
    case 'orderReceived':
      return {
        subject: `Order ${n} has been received`,
        preheader: `${Other} confirmed receiving order ${n}.`,
        paragraphs: [`${Other} has confirmed receiving order ${n}.`, 'The order completes once the review period ends, and your payout follows.'],
      };
    case 'orderDisputed':
      return {
        subject: `Order ${n} has been disputed`,
        preheader: `${Other} disputed order ${n}.`,
        paragraphs: [`${Other} has disputed order ${n}. Their reason:`],
        quote: cleanReason(input.reason),
        afterAction: ['Please get in touch with the buyer to sort it out. Once it is resolved you can mark the order as received, or cancel it with a refund.'],
      };
    case 'orderReceivedFromDisputed':
      return {
        subject: `The dispute on order ${n} is resolved`,
        preheader: `Order ${n} is marked as received.`,
        paragraphs: [`The dispute on your order ${n} with ${other} has been resolved, and the order is marked as received.`],
      };
    case 'orderCancelled':
      return {
        subject: `Order ${n} has been cancelled`,
        preheader: `Order ${n} has been cancelled.`,
        paragraphs: [input.to === 'customer' ? `Your order ${n} with ${other} has been cancelled.` : `Order ${n} from ${other} has been cancelled.`, refundLine(input.to, input.refundCents)],
      };
    case 'orderReceivedReminder':
      return {
        subject: `Did order ${n} arrive?`,
        preheader: `Confirm receipt of order ${n}, or tell ${other} what is wrong.`,
        paragraphs: [
          `${Other} marked your order ${n} as delivered. If it has arrived, please confirm that you received it.`,
          `If something is wrong, open a dispute before ${dayOf(input.dueAt)}: after that the order counts as received.`,
        ],
      };
    case 'expireShippingTime':
      return {
        subject: `Order ${n} is waiting to be delivered`,
        preheader: `Order ${n} is cancelled if it is not delivered by ${dayOf(input.dueAt)}.`,
        paragraphs: [
          `Order ${n} from ${other} has not been marked as delivered yet.`,
          `Please deliver it and mark it as delivered before ${dayOf(input.dueAt)}; otherwise it is cancelled and the buyer refunded.`,
        ],
      };
    case 'dueDate':
      return {
        subject: `Payment for order ${n} is due soon`,
        preheader: `${formatAud(input.payinTotalCents)} is charged on ${dayOf(input.dueAt)}.`,
        paragraphs: [
          `Your payment term for order ${n} with ${other} ends on ${dayOf(input.dueAt)}.`,
          `${formatAud(input.payinTotalCents)} will then be charged to your default payment method. Please make sure it is up to date.`,
        ],
      };
    case 'standingOrderRun':
      return {
        subject: `Your standing order (from order ${n}) runs again soon`,
        preheader: `It is placed again on ${dayOf(input.dueAt)}.`,
        paragraphs: [
          `Your standing order with ${other}, repeating order ${n}, is placed again on ${dayOf(input.dueAt)} and paid with your saved payment method.`,
          'To skip this run or pause it, open your standing orders before then.',
        ],
      };
    case 'autoCancelOrderFromDisputed':
      return {
        subject: `Order ${n} has been cancelled`,
        preheader: `The dispute on order ${n} was not resolved in time.`,
        paragraphs: [
          input.to === 'customer'
            ? `The dispute on your order ${n} with ${other} was not resolved in time, so the order has been cancelled automatically.`
            : `The dispute on order ${n} from ${other} was not resolved in time, so the order has been cancelled automatically.`,
          refundLine(input.to, input.refundCents),
        ],
      };
  }
}

/** The order's page on the recipient's side. */
export function orderPageUrl(settings: TemplateSettings, to: OrderParty, orderId: string): string {
  return link(settings, `/${to === 'customer' ? 'orders' : 'sales'}/${encodeURIComponent(orderId)}`);
}

export function orderEmail(input: OrderEmailInput, settings: TemplateSettings): RenderedEmail {
  const other = cleanName(input.otherPartyName) || (input.to === 'customer' ? 'your supplier' : 'the buyer');
  const c = content({ ...input, orderNumber: cleanName(input.orderNumber) }, other);
  const layout: Layout = {
    preheader: c.preheader,
    greeting: greeting(input.recipientName),
    paragraphs: c.paragraphs,
    ...(c.quote ? { quote: c.quote } : {}),
    action: { label: 'View the order', url: orderPageUrl(settings, input.to, input.orderId) },
    afterAction: c.afterAction ?? [],
  };
  return render(c.subject, layout);
}
