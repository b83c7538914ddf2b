import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reads a PDF the way a viewer does (pdf.js, Mozilla's PDF engine): the text a reader sees on each
 * page, and pages rendered to pixels (to decode a QR code with jsQR). Test support only.
 */

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`;

export interface ReadPdf {
  pageCount: number;
  /** The text of each page, items joined by spaces (whitespace collapsed). */
  pages: string[];
  info: Record<string, unknown>;
  /** Renders page `n` (1-based) to RGBA pixels at `scale` (1 = 72 dpi). */
  render(
    n: number,
    scale?: number,
  ): Promise<{ width: number; height: number; data: Uint8ClampedArray; png: Buffer }>;
  /** Renders page `n` and decodes the QR code found on it, or undefined. */
  decodeQr(n: number): Promise<string | undefined>;
}

export async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? ' ' : ''}` : ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    pages.push(text);
  }
  const { info } = await pdf.getMetadata();
  const render: ReadPdf['render'] = async (n, scale = 3) => {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // biome-ignore lint/suspicious/noExplicitAny: pdf.js types expect a DOM canvas; @napi-rs/canvas is compatible.
    await page.render({ canvas: canvas as any, canvasContext: context as any, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: image.width, height: image.height, data: image.data, png: canvas.toBuffer('image/png') };
  };
  return {
    pageCount: pdf.numPages,
    pages,
    info: info as Record<string, unknown>,
    render,
    async decodeQr(n) {
      const { width, height, data } = await render(n);
      return jsQR(data, width, height)?.data;
    },
  };
}
