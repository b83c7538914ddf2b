import type PDFKitDocument from 'pdfkit';

let loading: Promise<typeof PDFKitDocument> | undefined;

/**
 * pdfkit, loaded the first time a PDF is made rather than when the server starts: it and its font
 * code (fontkit, brotli) are megabytes of source and compiled code that a server which has not
 * printed anything yet need not hold (issue 15: idle memory of the embedded portal).
 */
export function loadPdfKit(): Promise<typeof PDFKitDocument> {
  loading ??= import('pdfkit').then((module) => module.default);
  return loading;
}
