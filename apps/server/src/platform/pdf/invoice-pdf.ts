import type { County } from '@kaunti/contract/api-county';
import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import { formatDocumentDate } from '@kaunti/contract/dates';
import { type InvoiceLayout, layoutInvoice } from '@kaunti/contract/invoice-layout';
import { formatAmount, formatKes } from '@kaunti/contract/money';
import {
  A4,
  COLOR,
  CONTENT_WIDTH,
  type Doc,
  drawFacts,
  drawFooter,
  drawLetterhead,
  drawVerifyBlock,
  FONT,
  FOOTER_HEIGHT,
  MARGIN,
  QR_CAPTION_WIDTH,
} from './letterhead';
import { loadPdfKit } from './pdfkit';

/**
 * The invoice / receipt as a PDF (A4, pdfkit), from the same model and the same layout
 * (`layoutInvoice`) as the printable web page:
 *  - page 1: the county letterhead (emblem, title, subtitle, address, motto), the title (RECEIPT,
 *    or INVOICE in red), the QR code with "Scan to verify at <public URL>/e-verify", the bill
 *    facts, the grouped lines (description, quantity, unit price, amount), the total, and on
 *    invoices only the payment instructions (M-Pesa paybill with the invoice number as the
 *    account, and the county's bank accounts);
 *  - one continuation page per further chunk of 200 description items;
 *  - on every page a footer with the county's phones and e-mails, and "Page n of N".
 * Only the PDF standard fonts (Helvetica) are used, so nothing is embedded and every viewer
 * opens it. Dates print like "1st January 2024"; amounts with exactly 2 decimals.
 */

export interface InvoicePdfOptions {
  /** The page a reader is sent to; by default `<origin of verifyUrl>/e-verify`. */
  verifyPageUrl?: string;
}

/** Table columns: x offset from the left margin and width. */
const COLUMNS = {
  number: { x: 0, width: 18 },
  description: { x: 18, width: 317 },
  quantity: { x: 335, width: 36 },
  unitPrice: { x: 371, width: 72 },
  amount: { x: 443, width: 72 },
};

function verifyPageOf(model: InvoiceDocument, options: InvoicePdfOptions): string {
  if (options.verifyPageUrl) return options.verifyPageUrl;
  try {
    return `${new URL(model.verifyUrl).origin}/e-verify`;
  } catch {
    return '/e-verify';
  }
}

/** "2 and 3", "2, 3 and 4". */
function pageList(pages: number[]): string {
  if (pages.length <= 1) return pages.join('');
  return `${pages.slice(0, -1).join(', ')} and ${pages.at(-1)}`;
}

/** Renders the document; resolves with the PDF bytes. Throws on an invalid bill amount or date. */
export async function renderInvoicePdf(
  model: InvoiceDocument,
  county: County,
  options: InvoicePdfOptions = {},
): Promise<Buffer> {
  const layout = layoutInvoice(model);
  const PDFDocument = await loadPdfKit();
  const date = formatDocumentDate(model.billDate);
  const documentNo = model.isReceipt && model.receiptNo ? model.receiptNo : model.billNo;

  const doc = new PDFDocument({
    size: A4,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    autoFirstPage: true,
    displayTitle: true,
    lang: 'en-KE',
    info: {
      Title: `${layout.isReceipt ? 'Receipt' : 'Invoice'} ${documentNo}`,
      Author: county.name,
      Subject: `${layout.title} for bill ${model.billNo}`,
      Creator: county.portal_name,
      Producer: 'Kaunti',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const newPage = (subtitle: string) => {
    doc.addPage();
    drawShortHeader(doc, county, layout, model, subtitle);
    return doc.y;
  };
  const continued = `${layout.title} (continued)`;

  // --- page 1 -------------------------------------------------------------------------------
  let y = drawLetterhead(doc, county);
  y = drawTitleFactsAndQr(doc, layout, model, date, y, verifyPageOf(model, options));
  y = drawLines(doc, layout, y + 10, () => newPage(continued));
  y = drawTotal(doc, layout, y, () => newPage(continued));
  if (layout.showPaymentInstructions) {
    drawPaymentInstructions(doc, county, model, layout, y + 12, () => newPage(continued));
  } else {
    drawReceiptNote(doc, y + 12, () => newPage(continued));
  }

  // --- continuation pages --------------------------------------------------------------------
  for (const page of layout.continuationPages) {
    const top = newPage(`${layout.title} (continued): line ${page.lineNumber}`);
    doc
      .font(FONT.bold)
      .fontSize(9.5)
      .fillColor(COLOR.text)
      .text(
        `Description of line ${page.lineNumber}, items ${page.firstItem} to ${page.lastItem} of ${page.totalItems}`,
        MARGIN,
        top,
        { width: CONTENT_WIDTH },
      );
    flowItems(doc, page.items, {
      x: MARGIN,
      y: doc.y + 6,
      width: CONTENT_WIDTH,
      fontSize: 8,
      nextPage: () => newPage(`${layout.title} (continued): line ${page.lineNumber}`),
    });
  }

  // --- footers, now that the page count is known ---------------------------------------------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    drawFooter(doc, county, i - range.start + 1, range.count);
  }
  doc.end();
  return done;
}

/** The title (RECEIPT, or INVOICE in red) and the bill's facts on the left, the QR code on the right. */
function drawTitleFactsAndQr(
  doc: Doc,
  layout: InvoiceLayout,
  model: InvoiceDocument,
  date: string,
  top: number,
  verifyPage: string,
): number {
  const qrBottom = drawVerifyBlock(doc, {
    verifyUrl: model.verifyUrl,
    verifyPage,
    shortCode: model.verifyShortCode,
    top,
  });
  const captionWidth = QR_CAPTION_WIDTH;

  doc
    .font(FONT.bold)
    .fontSize(22)
    .fillColor(layout.isReceipt ? COLOR.text : COLOR.red)
    .text(layout.title, MARGIN, top, { width: 300, characterSpacing: 1 });

  const facts: [string, string][] = [];
  if (layout.isReceipt) facts.push(['Receipt number', model.receiptNo ?? '-']);
  if (layout.isReceipt && model.mpesaReceipts?.length)
    facts.push(['M-Pesa receipt', model.mpesaReceipts.join(', ')]);
  facts.push(['Bill number', model.billNo], ['Date', date]);
  facts.push(['Customer name', model.customerName], ['Customer number', model.customerNo]);
  if (model.externalDoc) facts.push(['Application number', model.externalDoc]);
  if (layout.parcels.length > 0) {
    facts.push([layout.parcels.length > 1 ? 'Parcels' : 'Parcel', layout.parcels.join(', ')]);
  }
  if (model.description) facts.push(['Bill description', model.description]);

  const labelWidth = 100;
  const y = drawFacts(doc, facts, {
    y: doc.y + 4,
    labelWidth,
    valueWidth: CONTENT_WIDTH - captionWidth - 16 - labelWidth,
    gap: 2.5,
  });
  return Math.max(y, qrBottom);
}

interface FlowOptions {
  x: number;
  y: number;
  width: number;
  fontSize: number;
  /** Starts a new page and answers where to go on. */
  nextPage: () => number;
}

/**
 * Writes items joined by ", " from y, moving to a new page (never letting pdfkit add one by itself)
 * whenever the rest does not fit: as many items as fit go on each page. Answers the end y.
 */
function flowItems(doc: Doc, items: string[], options: FlowOptions): number {
  const text = (from: number, to: number) =>
    items.slice(from, to).join(', ') + (to < items.length ? ',' : '');
  const style = () => doc.font(FONT.regular).fontSize(options.fontSize).fillColor(COLOR.text);
  const textOptions = { width: options.width, lineGap: 1 };
  let y = options.y;
  let from = 0;
  if (items.length === 0) {
    style().text('-', options.x, y, textOptions);
    return doc.y;
  }
  while (from < items.length) {
    const room = A4[1] - doc.page.margins.bottom - y;
    style();
    // The most items (at least one, on a fresh page) whose text fits in the room left.
    let fit = from;
    let low = from + 1;
    let high = items.length;
    while (low <= high) {
      const mid = Math.floor((low + high) / 2);
      if (doc.heightOfString(text(from, mid), textOptions) <= room) {
        fit = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    if (fit === from) {
      if (room >= A4[1] - 200)
        fit = from + 1; // one item taller than a page: let it be cut, never loop
      else {
        y = options.nextPage();
        continue;
      }
    }
    style().text(text(from, fit), options.x, y, { ...textOptions, height: room });
    y = doc.y;
    from = fit;
    if (from < items.length) y = options.nextPage();
  }
  return y;
}

/** The index of the page being written (pages are buffered, so earlier ones can be revisited). */
function currentPage(doc: Doc): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

function drawTableHeader(doc: Doc, y: number): number {
  doc.rect(MARGIN, y, CONTENT_WIDTH, 17).fill(COLOR.primarySoft);
  doc.font(FONT.bold).fontSize(8).fillColor(COLOR.text);
  const cell = (text: string, column: { x: number; width: number }, align: 'left' | 'right') =>
    doc.text(text, MARGIN + column.x + 3, y + 5, { width: column.width - 6, align, lineBreak: false });
  cell('#', COLUMNS.number, 'left');
  cell('Description', COLUMNS.description, 'left');
  cell('Qty', COLUMNS.quantity, 'right');
  cell('Unit price (KES)', COLUMNS.unitPrice, 'right');
  cell('Amount (KES)', COLUMNS.amount, 'right');
  return y + 17;
}

/** The grouped lines; a long description gets a smaller type so its first 200 items fit on page 1. */
function drawLines(doc: Doc, layout: InvoiceLayout, top: number, nextPage: () => number): number {
  let y = drawTableHeader(doc, top);
  const bottom = () => A4[1] - doc.page.margins.bottom;
  const width = COLUMNS.description.width - 6;
  const textX = MARGIN + COLUMNS.description.x + 3;
  for (const line of layout.lines) {
    if (y + 24 > bottom()) y = drawTableHeader(doc, nextPage());
    const rowTop = y;
    const rowPage = currentPage(doc);
    const cell = (text: string, column: { x: number; width: number }, align: 'left' | 'right' = 'right') =>
      doc
        .font(FONT.regular)
        .fontSize(8.5)
        .fillColor(COLOR.text)
        .text(text, MARGIN + column.x + 3, rowTop + 4, { width: column.width - 6, align, lineBreak: false });
    // Drawn in reading order (number, description, quantity, prices), so copied or read-aloud
    // text follows the row; the figures go back to the row's first page if the description ran on.
    cell(String(line.number), COLUMNS.number, 'left');
    const fontSize = line.items.length > 40 ? 6.5 : 8.5;
    y = flowItems(doc, line.items, {
      x: textX,
      y: y + 4,
      width,
      fontSize,
      nextPage: () => drawTableHeader(doc, nextPage()) + 4,
    });
    const endPage = currentPage(doc);
    if (endPage !== rowPage) doc.switchToPage(rowPage);
    cell(String(line.quantity), COLUMNS.quantity);
    cell(formatAmount(line.unitPrice), COLUMNS.unitPrice);
    cell(formatAmount(line.amount), COLUMNS.amount);
    if (endPage !== rowPage) doc.switchToPage(endPage);
    if (line.continuedOn.length > 0) {
      const pages = line.continuedOn;
      const note = `Continued on page${pages.length > 1 ? 's' : ''} ${pageList(pages)} (${line.totalItems} items in all).`;
      doc.font(FONT.italic).fontSize(7.5);
      if (y + doc.heightOfString(note, { width }) + 2 > bottom()) y = drawTableHeader(doc, nextPage());
      doc.fillColor(COLOR.muted).text(note, textX, y + 2, { width });
      y = doc.y;
    }
    y += 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(A4[0] - MARGIN, y)
      .lineWidth(0.5)
      .strokeColor(COLOR.border)
      .stroke();
  }
  return y;
}

function drawTotal(doc: Doc, layout: InvoiceLayout, top: number, nextPage: () => number): number {
  let y = top + 5;
  if (y + 20 > A4[1] - doc.page.margins.bottom) y = nextPage();
  const amount = formatKes(layout.total);
  const right = A4[0] - MARGIN - 3;
  const amountWidth = doc.font(FONT.bold).fontSize(11).widthOfString(amount);
  doc
    .fontSize(10)
    .fillColor(COLOR.text)
    .text(layout.isReceipt ? 'Amount paid' : 'Total due', MARGIN, y + 1, {
      width: right - amountWidth - 12 - MARGIN,
      align: 'right',
      lineBreak: false,
    });
  doc
    .fontSize(11)
    .text(amount, right - amountWidth - 2, y, { width: amountWidth + 2, align: 'right', lineBreak: false });
  const line = y + 15;
  doc
    .moveTo(MARGIN + COLUMNS.unitPrice.x, line)
    .lineTo(A4[0] - MARGIN, line)
    .lineWidth(1)
    .strokeColor(COLOR.text)
    .stroke();
  return line + 2;
}

function drawPaymentInstructions(
  doc: Doc,
  county: County,
  model: InvoiceDocument,
  layout: InvoiceLayout,
  top: number,
  nextPage: () => number,
): void {
  const lines: { bold?: boolean; text: string }[] = [
    {
      bold: true,
      text: `M-Pesa: Lipa na M-Pesa, Pay Bill. Business number ${county.paybill}, account number ${model.billNo}, amount ${formatKes(layout.total)}.`,
    },
    ...county.bank_accounts.map((account) => ({
      text: `Bank: ${account.bank}, ${account.branch} branch. Account name: ${account.account_name}. Account number: ${account.account_number}. Reference: ${model.billNo}.`,
    })),
    {
      text: `Always use the invoice number ${model.billNo} as the account number or reference, so that your payment is matched to this invoice.`,
    },
  ];
  const width = CONTENT_WIDTH - 16;
  const measure = (line: { bold?: boolean; text: string }) =>
    doc
      .font(line.bold ? FONT.bold : FONT.regular)
      .fontSize(8)
      .heightOfString(line.text, { width }) + 3;
  const height = 24 + lines.reduce((sum, line) => sum + measure(line), 0);
  let y = top;
  if (y + height > A4[1] - doc.page.margins.bottom) y = nextPage();
  doc.rect(MARGIN, y, CONTENT_WIDTH, height).lineWidth(1).strokeColor(COLOR.primary).stroke();
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.primary)
    .text('How to pay', MARGIN + 8, y + 7, { width });
  let cursor = doc.y + 3;
  for (const line of lines) {
    doc
      .font(line.bold ? FONT.bold : FONT.regular)
      .fontSize(8)
      .fillColor(COLOR.text)
      .text(line.text, MARGIN + 8, cursor, { width });
    cursor = doc.y + 3;
  }
}

function drawReceiptNote(doc: Doc, top: number, nextPage: () => number): void {
  const y = top + 24 > A4[1] - doc.page.margins.bottom ? nextPage() : top;
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLOR.text)
    .text(
      'Payment received with thanks. This receipt is genuine only if its QR code verifies on the county E-Verify page.',
      MARGIN,
      y,
      { width: CONTENT_WIDTH },
    );
}

function drawShortHeader(
  doc: Doc,
  county: County,
  layout: InvoiceLayout,
  model: InvoiceDocument,
  subtitle: string,
): void {
  doc.font(FONT.bold).fontSize(11).fillColor(COLOR.primary).text(county.letterhead.title, MARGIN, MARGIN, {
    width: CONTENT_WIDTH,
  });
  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(layout.isReceipt ? COLOR.text : COLOR.red)
    .text(subtitle, MARGIN, doc.y + 2, { width: CONTENT_WIDTH });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(
      `Bill number ${model.billNo}${layout.isReceipt && model.receiptNo ? `  |  Receipt number ${model.receiptNo}` : ''}`,
      MARGIN,
      doc.y + 2,
      { width: CONTENT_WIDTH },
    );
  const y = doc.y + 5;
  doc
    .moveTo(MARGIN, y)
    .lineTo(A4[0] - MARGIN, y)
    .lineWidth(1)
    .strokeColor(COLOR.primary)
    .stroke();
  doc.y = y + 10;
  doc.x = MARGIN;
}
