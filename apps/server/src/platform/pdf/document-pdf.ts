import type { County } from '@kaunti/contract/api-county';
import type { ComposedDocument } from '@kaunti/contract/api-documents';
import {
  A4,
  COLOR,
  CONTENT_WIDTH,
  drawFacts,
  drawFooter,
  drawLetterhead,
  drawVerifyBlock,
  FONT,
  FOOTER_HEIGHT,
  MARGIN,
  PDF_WORDS,
  type PdfLanguage,
  type PdfWords,
  QR_CAPTION_WIDTH,
} from './letterhead';
import { loadPdfKit } from './pdfkit';

/**
 * An issued county document (a certificate, a letter, a permit, a licence, a ticket) as an A4 PDF,
 * from the same model as its printable page: the letterhead, the title and number, the QR code
 * with the short code under it, the facts in order, the tables of lines (continued on the next
 * page with their header when long), the body, the signatory, the conditions (on a page of their
 * own for a permit's terms), and the footer with the county's contacts and page numbers. A
 * revoked or expired document carries a stamp saying so.
 */
export interface DocumentPdfModel {
  title: string;
  number: string;
  /** Label → value, in order (the holder and dates among them). */
  facts: [string, string][];
  tables: ComposedDocument['tables'];
  /** Paragraphs of the body, in order. */
  body: string[];
  /** Numbered conditions, if any. */
  conditions: string[];
  conditionsTitle: string;
  /** The conditions start a page of their own. */
  conditionsPage: boolean;
  state: 'valid' | 'revoked' | 'expired';
  verifyUrl: string;
  shortCode: string;
  verifyPage: string;
  signatory: string;
  /** The language its own words are in (its texts come in it already); default English. */
  language?: PdfLanguage;
}

const MONEY_COLUMN = 90;

export async function renderDocumentPdf(model: DocumentPdfModel, county: County): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: A4,
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    info: { Title: `${model.title} ${model.number}`, Author: county.name, Subject: model.title },
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const bottom = () => A4[1] - doc.page.margins.bottom;
  const words = PDF_WORDS[model.language ?? 'en'];

  let top = drawLetterhead(doc, county);
  const qrBottom = drawVerifyBlock(
    doc,
    {
      verifyUrl: model.verifyUrl,
      verifyPage: model.verifyPage,
      shortCode: model.shortCode,
      top: top + 4,
    },
    words,
  );
  const leftWidth = CONTENT_WIDTH - QR_CAPTION_WIDTH - 16;
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(COLOR.primary)
    .text(model.title.toUpperCase(), MARGIN, top + 2, { width: leftWidth, characterSpacing: 0.5 });
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.text)
    .text(`${words.number} ${model.number}`, MARGIN, doc.y + 4, { width: leftWidth });
  if (model.state !== 'valid') {
    doc
      .font(FONT.bold)
      .fontSize(14)
      .fillColor(COLOR.red)
      .text(model.state === 'revoked' ? words.revoked : words.expired, MARGIN, doc.y + 6, {
        width: leftWidth,
      });
  }
  const labelWidth = 110;
  const y = drawFacts(doc, model.facts, {
    y: doc.y + 8,
    labelWidth,
    valueWidth: leftWidth - labelWidth,
    gap: 3,
  });
  top = Math.max(y, qrBottom) + 12;

  for (const table of model.tables) top = drawTable(doc, table, top, bottom, words) + 12;

  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text);
  doc.y = top;
  for (const paragraph of model.body) {
    doc.text(paragraph, MARGIN, doc.y, { width: CONTENT_WIDTH, align: 'justify' });
    doc.moveDown(0.7);
  }
  doc.moveDown(0.8).font(FONT.regular).fontSize(9).fillColor(COLOR.muted);
  doc.text(words.signedNote, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.font(FONT.bold).fillColor(COLOR.text).text(model.signatory, { width: CONTENT_WIDTH });

  if (model.conditions.length > 0) {
    if (model.conditionsPage) {
      doc.addPage();
      doc
        .font(FONT.bold)
        .fontSize(10)
        .fillColor(COLOR.muted)
        .text(`${model.title} ${words.number} ${model.number}`, MARGIN, MARGIN, { width: CONTENT_WIDTH });
      doc.moveDown(0.6);
    } else {
      doc.moveDown(1);
    }
    doc
      .font(FONT.bold)
      .fontSize(model.conditionsPage ? 13 : 10)
      .fillColor(model.conditionsPage ? COLOR.primary : COLOR.text)
      .text(model.conditionsTitle.toUpperCase(), MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc
      .moveDown(0.4)
      .font(FONT.regular)
      .fontSize(model.conditionsPage ? 10 : 9)
      .fillColor(COLOR.text);
    model.conditions.forEach((condition, index) => {
      doc.text(`${index + 1}. ${condition}`, MARGIN + 8, doc.y, {
        width: CONTENT_WIDTH - 8,
        align: 'justify',
      });
      doc.moveDown(model.conditionsPage ? 0.5 : 0.25);
    });
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    drawFooter(doc, county, page - range.start + 1, range.count, words);
  }
  doc.end();
  return done;
}

/** A table of lines with a shaded header row; long tables continue on the next page under a new header. */
function drawTable(
  doc: PDFKit.PDFDocument,
  table: ComposedDocument['tables'][number],
  top: number,
  bottom: () => number,
  words: PdfWords,
): number {
  const free = table.columns.filter((c) => !c.money).length;
  const fixed = table.columns.filter((c) => c.money).length * MONEY_COLUMN;
  const widths = table.columns.map((c) =>
    c.money ? MONEY_COLUMN : (CONTENT_WIDTH - fixed) / Math.max(free, 1),
  );
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));

  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.primary)
    .text(table.title, MARGIN, top, { width: CONTENT_WIDTH });
  const header = (y: number): number => {
    doc.rect(MARGIN, y, CONTENT_WIDTH, 17).fill(COLOR.primarySoft);
    doc.font(FONT.bold).fontSize(8).fillColor(COLOR.text);
    table.columns.forEach((c, i) => {
      doc.text(c.label, xs[i]! + 3, y + 5, {
        width: widths[i]! - 6,
        align: c.money ? 'right' : 'left',
        lineBreak: false,
      });
    });
    return y + 17;
  };
  let y = header(doc.y + 3);
  doc.font(FONT.regular).fontSize(8.5);
  for (const row of table.rows) {
    const height = Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 6 }))) + 6;
    if (y + height > bottom()) {
      doc.addPage();
      y = header(MARGIN);
      doc.font(FONT.regular).fontSize(8.5);
    }
    row.forEach((cell, i) => {
      doc.fillColor(COLOR.text).text(cell, xs[i]! + 3, y + 3, {
        width: widths[i]! - 6,
        align: table.columns[i]?.money ? 'right' : 'left',
      });
    });
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(COLOR.border)
      .stroke();
  }
  if (table.rows.length === 0) {
    doc.fillColor(COLOR.muted).text(words.none, MARGIN + 3, y + 3, { width: CONTENT_WIDTH - 6 });
    y = doc.y + 3;
  }
  return y;
}
