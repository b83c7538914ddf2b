import QRCode from 'qrcode';

/**
 * QR codes for printed documents, drawn from the module matrix of the `qrcode` package: as vector
 * rectangles in a PDF (sharp at any print size, nothing to decode or embed) and as a small SVG for
 * the printable web page. Error correction M (15%): survives a crease or a stamp on paper while
 * keeping the code's version, and so its density, moderate for a ~300-character verify link.
 */

export interface QrMatrix {
  /** Modules per side (without the quiet zone). */
  size: number;
  /** True where a module is dark, row by row. */
  dark(row: number, column: number): boolean;
  /** The QR version (1 to 40): how dense the code is. */
  version: number;
}

/** The standard quiet zone: 4 light modules around the code. */
export const QUIET_ZONE = 4;

export function qrMatrix(text: string): QrMatrix {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  return { size, version: qr.version, dark: (row, column) => data[row * size + column] === 1 };
}

/** The dark modules as horizontal runs: [row, first column, length]. */
export function darkRuns(matrix: QrMatrix): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (let row = 0; row < matrix.size; row++) {
    let start = -1;
    for (let column = 0; column <= matrix.size; column++) {
      const dark = column < matrix.size && matrix.dark(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push([row, start, column - start]);
        start = -1;
      }
    }
  }
  return runs;
}

/** An SVG image of the QR code with its quiet zone, black on white, crisp at any size. */
export function qrSvg(text: string): string {
  const matrix = qrMatrix(text);
  const side = matrix.size + 2 * QUIET_ZONE;
  const path = darkRuns(matrix)
    .map(([row, column, length]) => `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h${length}v1h-${length}z`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}
