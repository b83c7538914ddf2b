import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
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
      const { width, height, data } = await render(n, 2);
      return jsQR(data, width, height)?.data;
    },
  };
}

/**
 * `qpdf --check` on a PDF: the structure, cross-reference table and streams are sound (what a
 * county's archive, a bank or a court would run). Resolves with qpdf's report; rejects with it
 * when qpdf finds an error or a warning. Needs Debian's `qpdf` (.ci/run installs it).
 */
export async function qpdfCheck(bytes: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kaunti-qpdf-'));
  const file = join(dir, 'document.pdf');
  writeFileSync(file, bytes);
  try {
    const { stdout } = await promisify(execFile)('qpdf', ['--check', file]);
    return stdout;
  } catch (error) {
    const failure = error as { code?: unknown; stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error('qpdf is not installed: apt-get install -y qpdf');
    throw new Error(
      `qpdf --check failed (${String(failure.code)}): ${failure.stdout ?? ''}${failure.stderr ?? ''}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
