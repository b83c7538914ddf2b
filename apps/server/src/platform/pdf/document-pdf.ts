import type { County } from '@kaunti/contract/api-county';
import PDFDocument from 'pdfkit';
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
  QR_CAPTION_WIDTH,
} from './letterhead';

/**
 * An issued county document (a certificate, a letter, a permit) as an A4 PDF: the letterhead,
 * the title and number, the QR code with the short code under it, the facts in order, the body,
 * the conditions, the validity, and the footer with the county's contacts.
 */
export interface DocumentPdfModel {
  title: string;
  number: string;
  holder: string;
  /** Label → value, in order. */
  facts: [string, string][];
  /** Paragraphs of the body, in order. */
  body: string[];
  /** Numbered conditions, if any. */
  conditions: string[];
  issuedOn: string;
  validUntil: string | null;
  verifyUrl: string;
  shortCode: string;
  verifyPage: string;
  signatory: string;
}

export function renderDocumentPdf(model: DocumentPdfModel, county: County): Promise<Buffer> {
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

  let top = drawLetterhead(doc, county);
  const qrBottom = drawVerifyBlock(doc, {
    verifyUrl: model.verifyUrl,
    verifyPage: model.verifyPage,
    shortCode: model.shortCode,
    top: top + 4,
  });
  const captionWidth = QR_CAPTION_WIDTH;

  const leftWidth = CONTENT_WIDTH - captionWidth - 16;
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(COLOR.primary)
    .text(model.title.toUpperCase(), MARGIN, top + 2, { width: leftWidth, characterSpacing: 0.5 });
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.text)
    .text(`No. ${model.number}`, MARGIN, doc.y + 4, {
      width: leftWidth,
    });
  const labelWidth = 110;
  const facts: [string, string][] = [
    ['Issued to', model.holder],
    ...model.facts,
    ['Date of issue', model.issuedOn],
  ];
  if (model.validUntil) facts.push(['Valid until', model.validUntil]);
  const y = drawFacts(doc, facts, { y: doc.y + 8, labelWidth, valueWidth: leftWidth - labelWidth, gap: 3 });
  top = Math.max(y, qrBottom) + 12;

  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text);
  doc.y = top;
  for (const paragraph of model.body) {
    doc.text(paragraph, MARGIN, doc.y, { width: CONTENT_WIDTH, align: 'justify' });
    doc.moveDown(0.7);
  }
  if (model.conditions.length > 0) {
    doc
      .moveDown(0.3)
      .font(FONT.bold)
      .fontSize(10)
      .text('Conditions', MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3).font(FONT.regular).fontSize(9);
    model.conditions.forEach((condition, index) => {
      doc.text(`${index + 1}. ${condition}`, MARGIN + 8, doc.y, { width: CONTENT_WIDTH - 8 });
      doc.moveDown(0.25);
    });
  }
  doc.moveDown(1.5).font(FONT.regular).fontSize(9).fillColor(COLOR.muted);
  doc.text(
    'Issued electronically and signed by the county: no signature or stamp is needed.',
    MARGIN,
    doc.y,
    {
      width: CONTENT_WIDTH,
    },
  );
  doc.font(FONT.bold).fillColor(COLOR.text).text(model.signatory, { width: CONTENT_WIDTH });

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    drawFooter(doc, county, page - range.start + 1, range.count);
  }
  doc.end();
  return done;
}
