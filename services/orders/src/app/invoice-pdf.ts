/**
 * A tax invoice (domain/invoice.ts) laid out on one A4 page (more when the lines need them) with
 * pdf-lib's standard Helvetica (docs/decisions/045). Money in en-AU dollars (the kit's formatAud).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatAud } from '@caskade/kit/rules';
import { formatAbn, type TaxInvoice } from '../domain/invoice';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const BODY = 10;
const LEADING = 14;
const GREY = rgb(0.35, 0.35, 0.35);
/** Column right edges (amounts are right-aligned) and the description's width. */
const COL = { description: MARGIN, descriptionWidth: 240, qty: 335, unit: 450, amount: A4[0] - MARGIN };

/**
 * The standard fonts encode WinAnsi only: any other character of user text (an emoji in a listing
 * title) prints as "?", and control characters as a space, rather than failing the document.
 */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return ' ';
    return known.has(code) ? ch : '?';
  }).join('');
}

/** Words laid into lines no wider than `width` (a word longer than a line is cut). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      if (current) lines.push(current);
      lines.push(rest.slice(0, cut));
      current = '';
      rest = rest.slice(cut);
    }
    const candidate = current ? `${current} ${rest}` : rest;
    if (font.widthOfTextAtSize(candidate, size) <= width) current = candidate;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

class Writer {
  page: PDFPage;
  y: number;

  constructor(private readonly doc: PDFDocument, readonly regular: PDFFont, readonly bold: PDFFont) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** Room for `height` more points, else a new page. */
  need(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  text(text: string, x: number, opts: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> } = {}): void {
    const font = opts.font ?? this.regular;
    this.page.drawText(printable(font, text), { x, y: this.y, size: opts.size ?? BODY, font, color: opts.color ?? rgb(0, 0, 0) });
  }

  right(text: string, rightEdge: number, font: PDFFont = this.regular, size = BODY): void {
    const safe = printable(font, text);
    this.page.drawText(safe, { x: rightEdge - font.widthOfTextAtSize(safe, size), y: this.y, size, font });
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + LEADING - 4 }, end: { x: A4[0] - MARGIN, y: this.y + LEADING - 4 }, thickness: 0.5, color: GREY });
  }

  down(lines = 1): void {
    this.y -= LEADING * lines;
  }
}

/** The invoice as PDF bytes. `issuedAt` dates the document's metadata, so each download is the same file. */
export async function renderInvoicePdf(invoice: TaxInvoice, issuedAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${invoice.title} ${invoice.number}`);
  doc.setAuthor(invoice.seller.name);
  doc.setProducer('Caskade');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  w.text(invoice.title, MARGIN, { font: w.bold, size: 22 });
  w.down(2);
  w.text(`Invoice number: ${invoice.number}`, MARGIN);
  w.down();
  w.text(`Date of issue: ${invoice.issueDate}`, MARGIN);
  w.down(2);

  const party = (heading: string, p: TaxInvoice['seller']) => {
    w.text(heading, MARGIN, { font: w.bold });
    w.down();
    for (const line of wrap(w.regular, printable(w.regular, p.name), BODY, A4[0] - 2 * MARGIN)) {
      w.text(line, MARGIN);
      w.down();
    }
    if (p.abn) {
      w.text(`ABN ${formatAbn(p.abn)}`, MARGIN);
      w.down();
    }
    w.down();
  };
  party('From', invoice.seller);
  party('To', invoice.recipient);

  w.need(LEADING * 3);
  w.text('Description', COL.description, { font: w.bold });
  w.right('Qty', COL.qty, w.bold);
  w.right('Unit price (ex GST)', COL.unit, w.bold);
  w.right('Amount (ex GST)', COL.amount, w.bold);
  w.down();
  w.rule();
  for (const line of invoice.lines) {
    const rows = wrap(w.regular, printable(w.regular, line.description), BODY, COL.descriptionWidth);
    w.need(LEADING * rows.length);
    w.text(rows[0] ?? '', COL.description);
    w.right(String(line.quantity), COL.qty);
    w.right(formatAud(line.unitPriceCents), COL.unit);
    w.right(formatAud(line.totalCents), COL.amount);
    w.down();
    for (const more of rows.slice(1)) {
      w.text(more, COL.description);
      w.down();
    }
  }
  w.need(LEADING * 6);
  w.rule();
  const total = (label: string, cents: number, font = w.regular) => {
    w.text(label, COL.description + 200, { font });
    w.right(formatAud(cents), COL.amount, font);
    w.down();
  };
  if (invoice.kind === 'supply') total('WET (wine equalisation tax)', invoice.wetCents);
  total('Total excluding GST', invoice.totalExGstCents);
  total('GST (10%)', invoice.gstCents);
  total('Total including GST', invoice.totalCents, w.bold);
  w.down();
  if (invoice.adjustment) {
    const a = invoice.adjustment;
    w.need(LEADING * 5);
    w.text('Adjustment note', MARGIN, { font: w.bold });
    w.down();
    w.text(`Refunded to the buyer on ${a.date}`, COL.description);
    w.right(formatAud(-a.refundedCents), COL.amount);
    w.down();
    total('GST included in the refund', -a.gstCents);
    total('Total after adjustment (incl. GST)', a.totalAfterCents, w.bold);
    w.down();
  }

  const notes = invoice.kind === 'supply'
    ? ['Every item is a taxable supply. Prices are in Australian dollars and exclude GST; the total includes GST.', 'Sold through Caskade, the marketplace for the Australian drinks trade.']
    : ['Caskade platform fee for this order, deducted from the supplier payout. A taxable supply; amounts in Australian dollars.'];
  for (const note of notes) {
    for (const line of wrap(w.regular, note, 8, A4[0] - 2 * MARGIN)) {
      w.need(LEADING);
      w.text(line, MARGIN, { size: 8, color: GREY });
      w.down();
    }
  }
  return doc.save();
}
