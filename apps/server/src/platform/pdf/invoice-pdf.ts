import type { County } from '@kaunti/contract/api-county';
import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import { formatDisplayDate, formatDocumentDate } from '@kaunti/contract/dates';
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
  PDF_WORDS,
  type PdfLanguage,
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
  /** The language of its own words (labels, instructions, dates); the model's words are as given. */
  language?: PdfLanguage;
}

/** The invoice's own words, in each language the portal prints (the web page's `documents` texts). */
interface InvoiceWords {
  continued: (title: string) => string;
  continuedLine: (title: string, line: number) => string;
  continuationRange: (line: number, first: number, last: number, total: number) => string;
  facts: {
    receiptNo: string;
    mpesaReceipt: string;
    billNo: string;
    date: string;
    customerName: string;
    customerNo: string;
    applicationNo: string;
    parcel: string;
    parcels: string;
    billDescription: string;
  };
  columns: { description: string; quantity: string; unitPrice: string; amount: string };
  continuedOn: (pages: string, count: number, many: boolean) => string;
  and: string;
  totalDue: string;
  amountPaid: string;
  howToPay: string;
  mpesa: (paybill: string, account: string, amount: string) => string;
  bank: (a: { bank: string; branch: string; name: string; number: string; reference: string }) => string;
  useInvoiceNumber: (number: string) => string;
  receiptNote: string;
}

const INVOICE_WORDS: Record<PdfLanguage, InvoiceWords> = {
  en: {
    continued: (title) => `${title} (continued)`,
    continuedLine: (title, line) => `${title} (continued): line ${line}`,
    continuationRange: (line, first, last, total) =>
      `Description of line ${line}, items ${first} to ${last} of ${total}`,
    facts: {
      receiptNo: 'Receipt number',
      mpesaReceipt: 'M-Pesa receipt',
      billNo: 'Bill number',
      date: 'Date',
      customerName: 'Customer name',
      customerNo: 'Customer number',
      applicationNo: 'Application number',
      parcel: 'Parcel',
      parcels: 'Parcels',
      billDescription: 'Bill description',
    },
    columns: {
      description: 'Description',
      quantity: 'Qty',
      unitPrice: 'Unit price (KES)',
      amount: 'Amount (KES)',
    },
    continuedOn: (pages, count, many) =>
      `Continued on page${many ? 's' : ''} ${pages} (${count} items in all).`,
    and: 'and',
    totalDue: 'Total due',
    amountPaid: 'Amount paid',
    howToPay: 'How to pay',
    mpesa: (paybill, account, amount) =>
      `M-Pesa: Lipa na M-Pesa, Pay Bill. Business number ${paybill}, account number ${account}, amount ${amount}.`,
    bank: (a) =>
      `Bank: ${a.bank}, ${a.branch} branch. Account name: ${a.name}. Account number: ${a.number}. Reference: ${a.reference}.`,
    useInvoiceNumber: (number) =>
      `Always use the invoice number ${number} as the account number or reference, so that your payment is matched to this invoice.`,
    receiptNote:
      'Payment received with thanks. This receipt is genuine only if its QR code verifies on the county E-Verify page.',
  },
  sw: {
    continued: (title) => `${title} (inaendelea)`,
    continuedLine: (title, line) => `${title} (inaendelea): kipengele ${line}`,
    continuationRange: (line, first, last, total) =>
      `Maelezo ya kipengele ${line}, vipengele ${first} hadi ${last} kati ya ${total}`,
    facts: {
      receiptNo: 'Nambari ya risiti',
      mpesaReceipt: 'Risiti ya M-Pesa',
      billNo: 'Nambari ya bili',
      date: 'Tarehe',
      customerName: 'Jina la mteja',
      customerNo: 'Nambari ya mteja',
      applicationNo: 'Nambari ya maombi',
      parcel: 'Kipande cha ardhi',
      parcels: 'Vipande vya ardhi',
      billDescription: 'Maelezo ya bili',
    },
    columns: {
      description: 'Maelezo',
      quantity: 'Idadi',
      unitPrice: 'Bei ya kimoja (KES)',
      amount: 'Kiasi (KES)',
    },
    continuedOn: (pages, count, many) =>
      `Inaendelea ${many ? 'kurasa za' : 'ukurasa wa'} ${pages} (vipengele ${count} kwa jumla).`,
    and: 'na',
    totalDue: 'Jumla ya kulipa',
    amountPaid: 'Kiasi kilicholipwa',
    howToPay: 'Jinsi ya kulipa',
    mpesa: (paybill, account, amount) =>
      `M-Pesa: Lipa na M-Pesa, Pay Bill. Nambari ya biashara ${paybill}, nambari ya akaunti ${account}, kiasi ${amount}.`,
    bank: (a) =>
      `Benki: ${a.bank}, tawi la ${a.branch}. Jina la akaunti: ${a.name}. Nambari ya akaunti: ${a.number}. Kumbukumbu: ${a.reference}.`,
    useInvoiceNumber: (number) =>
      `Tumia nambari ya ankara ${number} kila mara kama nambari ya akaunti au kumbukumbu, ili malipo yako yalinganishwe na ankara hii.`,
    receiptNote:
      'Malipo yamepokelewa, asante. Risiti hii ni halali tu ikiwa msimbo wake wa QR unathibitishwa kwenye ukurasa wa E-Verify wa kaunti.',
  },
};

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

/** "2 and 3", "2, 3 and 4" (Kiswahili: "2 na 3"). */
function pageList(pages: number[], and = 'and'): string {
  if (pages.length <= 1) return pages.join('');
  return `${pages.slice(0, -1).join(', ')} ${and} ${pages.at(-1)}`;
}

/** Renders the document; resolves with the PDF bytes. Throws on an invalid bill amount or date. */
export async function renderInvoicePdf(
  model: InvoiceDocument,
  county: County,
  options: InvoicePdfOptions = {},
): Promise<Buffer> {
  const layout = layoutInvoice(model);
  const PDFDocument = await loadPdfKit();
  const language = options.language ?? 'en';
  const words = INVOICE_WORDS[language];
  // Fails on an unreadable date as before; Kiswahili writes it "1 Januari 2024".
  const english = formatDocumentDate(model.billDate);
  const date = language === 'sw' ? formatDisplayDate(model.billDate, 'sw') : english;
  const documentNo = model.isReceipt && model.receiptNo ? model.receiptNo : model.billNo;

  const doc = new PDFDocument({
    size: A4,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    autoFirstPage: true,
    displayTitle: true,
    lang: language === 'sw' ? 'sw-KE' : 'en-KE',
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
  const continued = words.continued(layout.title);

  // --- page 1 -------------------------------------------------------------------------------
  let y = drawLetterhead(doc, county);
  y = drawTitleFactsAndQr(doc, layout, model, date, y, verifyPageOf(model, options), language);
  y = drawLines(doc, layout, y + 10, () => newPage(continued), words);
  y = drawTotal(doc, layout, y, () => newPage(continued), words);
  if (layout.showPaymentInstructions) {
    drawPaymentInstructions(doc, county, model, layout, y + 12, () => newPage(continued), words);
  } else {
    drawReceiptNote(doc, y + 12, () => newPage(continued), words);
  }

  // --- continuation pages --------------------------------------------------------------------
  for (const page of layout.continuationPages) {
    const top = newPage(words.continuedLine(layout.title, page.lineNumber));
    doc
      .font(FONT.bold)
      .fontSize(9.5)
      .fillColor(COLOR.text)
      .text(
        words.continuationRange(page.lineNumber, page.firstItem, page.lastItem, page.totalItems),
        MARGIN,
        top,
        { width: CONTENT_WIDTH },
      );
    flowItems(doc, page.items, {
      x: MARGIN,
      y: doc.y + 6,
      width: CONTENT_WIDTH,
      fontSize: 8,
      nextPage: () => newPage(words.continuedLine(layout.title, page.lineNumber)),
    });
  }

  // --- footers, now that the page count is known ---------------------------------------------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    drawFooter(doc, county, i - range.start + 1, range.count, PDF_WORDS[language]);
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
  language: PdfLanguage,
): number {
  const qrBottom = drawVerifyBlock(
    doc,
    { verifyUrl: model.verifyUrl, verifyPage, shortCode: model.verifyShortCode, top },
    PDF_WORDS[language],
  );
  const w = INVOICE_WORDS[language].facts;
  const captionWidth = QR_CAPTION_WIDTH;

  doc
    .font(FONT.bold)
    .fontSize(22)
    .fillColor(layout.isReceipt ? COLOR.text : COLOR.red)
    .text(layout.title, MARGIN, top, { width: 300, characterSpacing: 1 });

  const facts: [string, string][] = [];
  if (layout.isReceipt) facts.push([w.receiptNo, model.receiptNo ?? '-']);
  if (layout.isReceipt && model.mpesaReceipts?.length)
    facts.push([w.mpesaReceipt, model.mpesaReceipts.join(', ')]);
  facts.push([w.billNo, model.billNo], [w.date, date]);
  facts.push([w.customerName, model.customerName], [w.customerNo, model.customerNo]);
  if (model.externalDoc) facts.push([w.applicationNo, model.externalDoc]);
  if (layout.parcels.length > 0) {
    facts.push([layout.parcels.length > 1 ? w.parcels : w.parcel, layout.parcels.join(', ')]);
  }
  if (model.description) facts.push([w.billDescription, model.description]);

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

function drawTableHeader(doc: Doc, y: number, words: InvoiceWords): number {
  doc.rect(MARGIN, y, CONTENT_WIDTH, 17).fill(COLOR.primarySoft);
  doc.font(FONT.bold).fontSize(8).fillColor(COLOR.text);
  const cell = (text: string, column: { x: number; width: number }, align: 'left' | 'right') =>
    doc.text(text, MARGIN + column.x + 3, y + 5, { width: column.width - 6, align, lineBreak: false });
  cell('#', COLUMNS.number, 'left');
  cell(words.columns.description, COLUMNS.description, 'left');
  cell(words.columns.quantity, COLUMNS.quantity, 'right');
  cell(words.columns.unitPrice, COLUMNS.unitPrice, 'right');
  cell(words.columns.amount, COLUMNS.amount, 'right');
  return y + 17;
}

/** The grouped lines; a long description gets a smaller type so its first 200 items fit on page 1. */
function drawLines(
  doc: Doc,
  layout: InvoiceLayout,
  top: number,
  nextPage: () => number,
  words: InvoiceWords,
): number {
  let y = drawTableHeader(doc, top, words);
  const bottom = () => A4[1] - doc.page.margins.bottom;
  const width = COLUMNS.description.width - 6;
  const textX = MARGIN + COLUMNS.description.x + 3;
  for (const line of layout.lines) {
    if (y + 24 > bottom()) y = drawTableHeader(doc, nextPage(), words);
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
      nextPage: () => drawTableHeader(doc, nextPage(), words) + 4,
    });
    const endPage = currentPage(doc);
    if (endPage !== rowPage) doc.switchToPage(rowPage);
    cell(String(line.quantity), COLUMNS.quantity);
    cell(formatAmount(line.unitPrice), COLUMNS.unitPrice);
    cell(formatAmount(line.amount), COLUMNS.amount);
    if (endPage !== rowPage) doc.switchToPage(endPage);
    if (line.continuedOn.length > 0) {
      const pages = line.continuedOn;
      const note = words.continuedOn(pageList(pages, words.and), line.totalItems, pages.length > 1);
      doc.font(FONT.italic).fontSize(7.5);
      if (y + doc.heightOfString(note, { width }) + 2 > bottom()) y = drawTableHeader(doc, nextPage(), words);
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

function drawTotal(
  doc: Doc,
  layout: InvoiceLayout,
  top: number,
  nextPage: () => number,
  words: InvoiceWords,
): number {
  let y = top + 5;
  if (y + 20 > A4[1] - doc.page.margins.bottom) y = nextPage();
  const amount = formatKes(layout.total);
  const right = A4[0] - MARGIN - 3;
  const amountWidth = doc.font(FONT.bold).fontSize(11).widthOfString(amount);
  doc
    .fontSize(10)
    .fillColor(COLOR.text)
    .text(layout.isReceipt ? words.amountPaid : words.totalDue, MARGIN, y + 1, {
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
  words: InvoiceWords,
): void {
  const lines: { bold?: boolean; text: string }[] = [
    { bold: true, text: words.mpesa(county.paybill, model.billNo, formatKes(layout.total)) },
    ...county.bank_accounts.map((account) => ({
      text: words.bank({
        bank: account.bank,
        branch: account.branch,
        name: account.account_name,
        number: account.account_number,
        reference: model.billNo,
      }),
    })),
    { text: words.useInvoiceNumber(model.billNo) },
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
    .text(words.howToPay, MARGIN + 8, y + 7, { width });
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

function drawReceiptNote(doc: Doc, top: number, nextPage: () => number, words: InvoiceWords): void {
  const y = top + 24 > A4[1] - doc.page.margins.bottom ? nextPage() : top;
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLOR.text)
    .text(words.receiptNote, MARGIN, y, { width: CONTENT_WIDTH });
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
