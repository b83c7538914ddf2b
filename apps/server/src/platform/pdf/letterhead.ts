import type { County } from '@kaunti/contract/api-county';
import { darkRuns, QUIET_ZONE, qrMatrix } from './qr';

/**
 * What every printed county document shares (the invoice and receipt, and every issued
 * document): the A4 page, the colours and fonts, the letterhead with the emblem, the QR code,
 * and the footer with the county's contacts.
 */

export type Doc = PDFKit.PDFDocument;

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 40;
export const FOOTER_HEIGHT = 46;
export const CONTENT_WIDTH = A4[0] - 2 * MARGIN;

export const COLOR = {
  text: '#1b1f23',
  muted: '#4a5560',
  primary: '#0b6b3a',
  primarySoft: '#e8f3ec',
  border: '#cfd6dc',
  red: '#b42318',
  gold: '#c9a227',
};

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

function drawEmblem(doc: Doc, x: number, top: number): void {
  const w = 36;
  const h = 43;
  const cx = x + w / 2;
  doc
    .save()
    .moveTo(x, top)
    .lineTo(x + w, top)
    .lineTo(x + w, top + h * 0.55)
    .quadraticCurveTo(x + w, top + h * 0.88, cx, top + h)
    .quadraticCurveTo(x, top + h * 0.88, x, top + h * 0.55)
    .closePath()
    .fill(COLOR.primary);
  doc.rect(x + 3, top + h * 0.3, w - 6, 5).fill(COLOR.gold);
  doc.circle(cx, top + h * 0.62, 6.5).fill('#ffffff');
  doc.circle(cx, top + h * 0.62, 3).fill(COLOR.primary);
  doc.restore();
}

/** The letterhead: the emblem, then the county's title, subtitle, address and motto beside it. */
export function drawLetterhead(doc: Doc, county: County): number {
  const { letterhead } = county;
  drawEmblem(doc, MARGIN, MARGIN);
  const x = MARGIN + 48;
  const width = CONTENT_WIDTH - 48;
  doc
    .font(FONT.bold)
    .fontSize(15)
    .fillColor(COLOR.primary)
    .text(letterhead.title, x, MARGIN - 1, { width });
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(COLOR.text)
    .text(letterhead.subtitle, x, doc.y + 1, { width });
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text(letterhead.address_lines.join('  |  '), x, doc.y + 1, { width });
  doc
    .font(FONT.italic)
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text(letterhead.motto, x, doc.y + 1, { width });
  const y = Math.max(doc.y, MARGIN + 43) + 6;
  doc
    .moveTo(MARGIN, y)
    .lineTo(A4[0] - MARGIN, y)
    .lineWidth(1.5)
    .strokeColor(COLOR.primary)
    .stroke();
  return y + 10;
}

/** The words a printed document says in its own voice, in the language it prints in. */
export interface PdfWords {
  number: string;
  revoked: string;
  expired: string;
  signedNote: string;
  none: string;
  scanToVerify: string;
  orEnterCode: string;
  tel: string;
  email: string;
  pageOf: (page: number, pages: number) => string;
}

export type PdfLanguage = 'en' | 'sw';

export const PDF_WORDS: Record<PdfLanguage, PdfWords> = {
  en: {
    number: 'No.',
    revoked: 'REVOKED: NOT VALID',
    expired: 'EXPIRED: NOT VALID',
    signedNote: 'Issued electronically and signed by the county: no signature or stamp is needed.',
    none: 'None.',
    scanToVerify: 'Scan to verify at',
    orEnterCode: 'or enter the code',
    tel: 'Tel',
    email: 'E-mail',
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
  },
  sw: {
    number: 'Nambari',
    revoked: 'IMEFUTWA: SI HALALI',
    expired: 'IMEISHA MUDA: SI HALALI',
    signedNote: 'Imetolewa kielektroniki na kutiwa sahihi na kaunti: haihitaji sahihi wala muhuri.',
    none: 'Hakuna.',
    scanToVerify: 'Skani ili kuhakiki kwenye',
    orEnterCode: 'au weka msimbo',
    tel: 'Simu',
    email: 'Barua pepe',
    pageOf: (page, pages) => `Ukurasa ${page} kati ya ${pages}`,
  },
};

export const QR_SIZE = 100;

export function drawQr(doc: Doc, text: string, x: number, y: number, size: number): void {
  const matrix = qrMatrix(text);
  const module = size / (matrix.size + 2 * QUIET_ZONE);
  const origin = QUIET_ZONE * module;
  doc.save();
  for (const [row, column, length] of darkRuns(matrix)) {
    doc.rect(x + origin + column * module, y + origin + row * module, length * module, module);
  }
  // One fill for the whole code: no hairline seams between modules in any viewer.
  doc.fill('#000000');
  doc.restore();
}

export function drawFooter(
  doc: Doc,
  county: County,
  page: number,
  pages: number,
  words: PdfWords = PDF_WORDS.en,
): void {
  const { contacts } = county;
  const savedBottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0; // writing inside the bottom margin must not start a new page
  const top = A4[1] - MARGIN - FOOTER_HEIGHT + 12;
  doc
    .moveTo(MARGIN, top)
    .lineTo(A4[0] - MARGIN, top)
    .lineWidth(0.75)
    .strokeColor(COLOR.primary)
    .stroke();
  const width = CONTENT_WIDTH - 70;
  doc
    .font(FONT.bold)
    .fontSize(7.5)
    .fillColor(COLOR.text)
    .text(`${county.name}  |  ${contacts.postal_address}  |  ${contacts.physical_address}`, MARGIN, top + 6, {
      width,
      lineBreak: false,
    });
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text(
      `${words.tel}: ${contacts.phones.join(', ')}  |  ${words.email}: ${contacts.emails.join(', ')}`,
      MARGIN,
      top + 17,
      {
        width,
        lineBreak: false,
      },
    );
  doc.text(contacts.website, MARGIN, top + 28, { width, lineBreak: false });
  doc.text(words.pageOf(page, pages), A4[0] - MARGIN - 70, top + 6, {
    width: 70,
    align: 'right',
    lineBreak: false,
  });
  doc.page.margins.bottom = savedBottom;
}

/** The width of the QR code's caption column, right-aligned under the code. */
export const QR_CAPTION_WIDTH = QR_SIZE + 40;

/**
 * The QR code at the top right with "Scan to verify at <page>" under it and, when there is one,
 * the short code to type on E-Verify without a camera. Answers the y below the caption.
 */
export function drawVerifyBlock(
  doc: Doc,
  block: { verifyUrl: string; verifyPage: string; shortCode?: string | null | undefined; top: number },
  words: PdfWords = PDF_WORDS.en,
): number {
  drawQr(doc, block.verifyUrl, A4[0] - MARGIN - QR_SIZE, block.top - 4, QR_SIZE);
  const x = A4[0] - MARGIN - QR_CAPTION_WIDTH;
  doc
    .font(FONT.regular)
    .fontSize(6.5)
    .fillColor(COLOR.muted)
    .text(words.scanToVerify, x, block.top - 6 + QR_SIZE, { width: QR_CAPTION_WIDTH, align: 'right' })
    .text(block.verifyPage, { width: QR_CAPTION_WIDTH, align: 'right' });
  if (block.shortCode) {
    doc
      .text(words.orEnterCode, { width: QR_CAPTION_WIDTH, align: 'right' })
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(COLOR.text)
      .text(block.shortCode, { width: QR_CAPTION_WIDTH, align: 'right', characterSpacing: 0.5 });
  }
  return doc.y;
}

/** Label and value pairs, the label muted, from y down. Answers the y below the last. */
export function drawFacts(
  doc: Doc,
  facts: readonly [string, string][],
  layout: { y: number; labelWidth: number; valueWidth: number; gap: number },
): number {
  let y = layout.y;
  for (const [label, value] of facts) {
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(label, MARGIN, y + 1, { width: layout.labelWidth });
    doc
      .font(FONT.bold)
      .fontSize(9.5)
      .fillColor(COLOR.text)
      .text(value, MARGIN + layout.labelWidth, y, { width: layout.valueWidth });
    y = Math.max(doc.y, y + 11) + layout.gap;
  }
  return y;
}
